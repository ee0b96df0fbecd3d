/** Who is looking (the caller) at whom, as the removal rule needs it. */
export type RemovalCase = {
  editing: boolean;
  callerIsLead: boolean;
  /** Role admin or the isAdmin flag, as the server counts an admin. */
  callerIsAdmin: boolean;
  memberIsLead: boolean;
  memberIsSelf: boolean;
};

export type RemovalControl = 'Remove' | 'Remove (Admin)';

/**
 * The one removal button a member's row shows, if any: in edit mode only and never
 * for the lead; the lead's "Remove" for anyone but themself, an admin's "Remove (Admin)" for
 * any non-lead member. Only the lead enters edit mode (§4.4), so an admin seeing the list in
 * edit mode also leads: both rules cover the same members, and one button says it once
 * in the admin's wording, the only place the spec's "Remove (Admin)" can show.
 */
export function removalControl(c: RemovalCase): RemovalControl | null {
  if (!c.editing || c.memberIsLead) return null;
  if (c.callerIsAdmin) return 'Remove (Admin)';
  if (c.callerIsLead && !c.memberIsSelf) return 'Remove';
  return null;
}
