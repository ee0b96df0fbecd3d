import { AuthScreen } from './auth-screen';

/** Pending approval, /pending-approval (spec §2.4): the notice lands with the auth issue. */
export default function PendingApprovalPage() {
  return <AuthScreen title="Pending Approval" />;
}
