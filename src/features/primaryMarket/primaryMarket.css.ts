import { style } from '@vanilla-extract/css';

// Styles the IPO and placement records share.

export const rowActions = style({ display: 'flex', justifyContent: 'flex-end' });
