import { useParams } from 'react-router';

/** Project details, /projects/{key} (spec §2.8): placeholder until the feature lands. */
export function ProjectDetailsPage() {
  const { key } = useParams();
  return <h1>Project {key}</h1>;
}
