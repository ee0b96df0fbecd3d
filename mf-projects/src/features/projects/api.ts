import useSWR from 'swr';
import { useCallback } from 'react';
import { projectKeys, projectsApi, readOptions, type NewProject } from '../../projects-api';

/**
 * The caller's projects (all of them for admins), archived ones too when asked, and
 * creating one.
 */
export function useProjectList(withArchived = false) {
  const { data, error, isLoading, mutate } = useSWR(
    projectKeys.list(withArchived),
    ([, archived]) => projectsApi.list(archived),
    { ...readOptions, keepPreviousData: true },
  );

  /** POST /projects; the new project is appended to the list shown. */
  const create = async (input: NewProject) => {
    const created = await projectsApi.create(input);
    await mutate((list) => [...(list ?? []), created], { revalidate: false });
  };

  /** Asks for the list again (a project imported in the background). */
  const refresh = useCallback(() => void mutate(), [mutate]);

  return { projects: data, error: error as unknown, isLoading, create, refresh };
}
