import useSWR from 'swr';
import { projectKeys, projectsApi, readOptions, type NewProject } from '../../projects-api';

/** The caller's projects (all of them for admins), and creating one (spec §2.7, §7.2). */
export function useProjectList() {
  const { data, error, isLoading, mutate } = useSWR(projectKeys.list, () => projectsApi.list(), readOptions);

  /** POST /projects; the new project is appended to the list shown (spec §7.2). */
  const create = async (input: NewProject) => {
    const created = await projectsApi.create(input);
    await mutate((list) => [...(list ?? []), created], { revalidate: false });
  };

  return { projects: data, error: error as unknown, isLoading, create };
}
