import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The order sheet's own pieces beyond the shared trading styles.

/** In the submit bar instead of the review button: why no order can be placed, and the way to the money. */
export const noBalance = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
/** The notice is taller than a button: the page leaves room for it under the last card. */
export const roomForNotice = style({ paddingBottom: '168px' });
