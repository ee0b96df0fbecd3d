import type { MemberRole, ProjectDto } from '@trackboard/contracts';
import { useSWRConfig } from 'swr';
import { projectKeys, projectsApi, useProject, type ProjectChanges } from '../../projects-api';

/**
 * The open project and what its screen can do to it. Every change answers
 * with the project as the server now holds it, and that answer replaces the one shown: the
 * project is reloaded by the very call that changed it, with no second round trip.
 */
export function useProjectDetails(key: string) {
  const { data, error, isLoading, mutate } = useProject(key);
  const { mutate: mutateCache } = useSWRConfig();
  const show = async (changed: Promise<ProjectDto>) => {
    await mutate(await changed, { revalidate: false });
  };
  return {
    project: data,
    error: error as unknown,
    isLoading,
    update: (changes: ProjectChanges) => show(projectsApi.update(key, changes)),
    changeLead: (leadId: string) => show(projectsApi.update(key, { leadId })),
    addMember: (email: string, role: MemberRole) => show(projectsApi.addMember(key, email, role)),
    changeRole: (userId: string, role: MemberRole) => show(projectsApi.changeRole(key, userId, role)),
    removeMember: (userId: string) => show(projectsApi.removeMember(key, userId)),
    /** DELETE /projects/{key}: once gone, the lists no longer show it. */
    remove: async () => {
      await projectsApi.remove(key);
      await mutateCache(projectKeys.isList, (list?: ProjectDto[]) => list?.filter((p) => p.key !== key), {
        revalidate: false,
      });
    },
    /** Archiving moves the project out of the default list: the lists are asked for again. */
    archive: async () => {
      await show(projectsApi.archive(key));
      await mutateCache(projectKeys.isList);
    },
    unarchive: async () => {
      await show(projectsApi.unarchive(key));
      await mutateCache(projectKeys.isList);
    },
  };
}
