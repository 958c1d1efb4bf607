import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NomineeRelationship } from '../../../../contract/profile.ts';

// The words for the relationships a nominee may have to the account holder (the contract's
// closed list); the Record type refuses a relationship added there without a word here.

export const relationshipLabels: Record<NomineeRelationship, MessageDescriptor> = {
  spouse: msg`Spouse`,
  son: msg`Son`,
  daughter: msg`Daughter`,
  father: msg`Father`,
  mother: msg`Mother`,
  brother: msg`Brother`,
  sister: msg`Sister`,
  other: msg`Other`,
};
