/** Auxiliary forms (be, have, the modals) that morphology, tagging and verb grouping all read. Constants only. */

export const beForms = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', "'s", 'am', "'re"])
export const haveForms = new Set(['has', 'have', 'had', 'having', "'ve", "'d"])
export const modals = new Set(['will', 'would', 'shall', 'should', 'could', 'can', 'may', 'might', 'must', "'ll", 'cannot', "won't", 'wo'])
