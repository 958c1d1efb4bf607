import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

// Translated names of request fields, for "invalid_field:<field>" refusals. Keys are
// the wire names used in contract/ request schemas.
export const fieldLabels: Record<string, MessageDescriptor> = {
  account: msg`Mobile number`,
  password: msg`Password`,
  password2: msg`Confirm password`,
  invite_code: msg`Invitation code`,
  agree: msg`Agreement`,
  type: msg`Type`,
};
