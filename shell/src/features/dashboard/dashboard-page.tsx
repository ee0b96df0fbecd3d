/** Dashboard, /dashboard (spec §2.10): the cards land with the dashboard issue. */
export default function DashboardPage() {
  return <h1>Dashboard</h1>;
}
