/** How a release changed a record, as `/v1/{list}/{id}/history` names it: a closed set. */
export const HISTORY_CHANGES = ['added', 'changed', 'removed', 'restored', 'withdrawn'] as const;

export type HistoryChange = (typeof HISTORY_CHANGES)[number];
