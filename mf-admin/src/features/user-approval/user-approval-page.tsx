/** Admin user management, /admin/user-approval (spec §2.16): placeholder until the feature lands. */
export function UserApprovalPage() {
  return <h1>User Approval</h1>;
}
