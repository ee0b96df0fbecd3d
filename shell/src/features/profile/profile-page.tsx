/** Profile, /profile (spec §2.15): the form and preferences land with the profile issue. */
export default function ProfilePage() {
  return <h1>My Profile &amp; Settings</h1>;
}
