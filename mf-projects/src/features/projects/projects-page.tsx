/** Projects, /projects (spec §2.7): placeholder until the projects feature lands. */
export function ProjectsPage() {
  return <h1>Projects</h1>;
}
