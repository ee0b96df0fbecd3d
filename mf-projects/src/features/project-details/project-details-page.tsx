import { canInvite, type MemberRole, type ProjectDto, type ProjectMemberDto } from '@trackboard/contracts';
import { Breadcrumb, errorReason, isAdmin, MessageBox, useDocumentTitle, useSession } from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../projects-api';
import { uiMessages } from '../../ui-messages';
import { useProjectDetails } from './api';
import { AddMemberForm } from './components/add-member-form';
import { ArchiveButton } from './components/archive-button';
import { ChangeLeadForm } from './components/change-lead-form';
import { DeleteProjectDialog } from './components/delete-project-dialog';
import { MemberList } from './components/member-list';
import { ProjectInvitations } from './components/project-invitations';
import { ProjectBoards } from './components/project-boards';
import { ProjectEditForm } from './components/project-edit-form';
import { EstimateScaleForm } from './components/estimate-scale-form';
import { ProjectWebhooks } from './components/project-webhooks';
import { ViewerCommentsForm } from './components/viewer-comments-form';
import { ProjectExport } from '../transfer/project-export';
import { ProjectProgressPanel } from '../project-progress';
import { ProjectCycles } from '../cycles/project-cycles';
import styles from './project-details-page.module.css';

/** Project details, /projects/{key}. Not signed in: to /login. */
export function ProjectDetailsPage() {
  const { key = '' } = useParams();
  const location = useLocation();
  const signedIn = useSession((state) => Boolean(state.token && state.user));
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  // Keyed: another project's screen starts over (view mode, no leftover messages).
  return <ProjectDetails key={key} projectKey={key} />;
}

function ProjectDetails({ projectKey }: { projectKey: string }) {
  const { project, error, isLoading, ...actions } = useProjectDetails(projectKey);
  // The tab names the project; the shell's "Project Details" shows until it loads.
  useDocumentTitle(project?.name);
  if (isLoading) {
    return (
      <div className={styles.page}>
        <p role="status" className={styles.muted}>
          {uiMessages.loadingProject}
        </p>
      </div>
    );
  }
  if (!project) {
    return (
      <div className={styles.page}>
        <MessageBox tone="error">
          {error === undefined || isNotFound(error)
            ? uiMessages.projectNotFound
            : uiMessages.projectLoadFailed(errorReason(error, uiMessages.fetchProjectDefault))}
        </MessageBox>
      </div>
    );
  }
  return <ProjectView project={project} {...actions} />;
}

type ProjectActions = Omit<ReturnType<typeof useProjectDetails>, 'project' | 'error' | 'isLoading'>;

function ProjectView({
  project,
  update,
  changeLead,
  addMember,
  changeRole,
  removeMember,
  remove: removeProject,
  archive,
  unarchive,
}: { project: ProjectDto } & ProjectActions) {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const [editRequested, setEditRequested] = useState(false);
  const [busyMemberId, setBusyMemberId] = useState<string>();
  const [memberProblem, setMemberProblem] = useState<string>();

  const currentUserId = user?.id;
  // Spec §4.4, §6: only the lead edits; the moment the lead changes hands, edit mode is gone.
  const isLead = currentUserId === project.lead.id;
  // An archived project is read-only: no edit mode (so no member controls) and no board controls.
  const archived = project.archivedAt !== null;
  const editing = editRequested && isLead && !archived;
  // Deleting and archiving the project, adding, renaming and deleting its boards is for the lead
  // or an admin, as the server holds it; so is inviting people (contracts' own rule).
  const mayDelete = isLead || isAdmin(user);
  const mayInvite = user !== null && canInvite(user, isLead ? { isLead: true, isViewer: false } : null);
  const firstBoard = project.boards[0];

  const [confirmDialog, confirm] = useConfirm();
  const remove = async (member: ProjectMemberDto) => {
    const sure = await confirm({
      title: uiMessages.removeMemberTitle,
      message: uiMessages.confirmRemoveMember(member.name),
      confirmLabel: uiMessages.removeMemberButton,
      danger: true,
    });
    if (!sure) return;
    setMemberProblem(undefined);
    setBusyMemberId(member.id);
    try {
      await removeMember(member.id);
    } catch (error) {
      setMemberProblem(errorReason(error, uiMessages.removeMemberDefault));
    } finally {
      setBusyMemberId(undefined);
    }
  };

  const changeMemberRole = async (member: ProjectMemberDto, role: MemberRole) => {
    setMemberProblem(undefined);
    setBusyMemberId(member.id);
    try {
      await changeRole(member.id, role);
    } catch (error) {
      setMemberProblem(uiMessages.roleChangeFailed(errorReason(error, uiMessages.updateProjectDefault)));
    } finally {
      setBusyMemberId(undefined);
    }
  };

  return (
    <div className={styles.page}>
      {confirmDialog}
      {/* The way back to the list, as the board's breadcrumb leads here. */}
      <Breadcrumb
        className={styles.breadcrumb}
        items={[{ label: uiMessages.projectsCrumb, to: '/projects' }, { label: project.name }]}
      />
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{project.name}</h1>
          <span className={styles.key}>{project.key}</span>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primaryButton}
            disabled={!firstBoard}
            onClick={() => firstBoard && navigate(`/boards/${firstBoard.id}`)}
          >
            {uiMessages.viewBoard}
          </button>
          {isLead &&
            !archived &&
            (editing ? (
              <button type="button" className={styles.secondaryButton} onClick={() => setEditRequested(false)}>
                {uiMessages.cancel}
              </button>
            ) : (
              <button type="button" className={styles.secondaryButton} onClick={() => setEditRequested(true)}>
                {uiMessages.editProject}
              </button>
            ))}
          {mayDelete && <ArchiveButton project={project} onArchive={archive} onUnarchive={unarchive} />}
          {mayDelete && (
            <DeleteProjectDialog
              project={project}
              onDelete={async () => {
                await removeProject();
                navigate('/projects', { replace: true });
              }}
            />
          )}
        </div>
      </header>

      {archived && <MessageBox tone="notice">{uiMessages.archivedNotice}</MessageBox>}

      <section className={styles.card} aria-labelledby="project-description-title">
        <h2 id="project-description-title" className={styles.sectionTitle}>
          {editing ? uiMessages.editProject : uiMessages.descriptionField}
        </h2>
        {editing ? (
          <ProjectEditForm
            key={`${project.name}\n${project.description}`}
            name={project.name}
            description={project.description}
            onSave={update}
          />
        ) : (
          <p className={project.description ? styles.description : `${styles.description} ${styles.muted}`}>
            {project.description || uiMessages.noDescription}
          </p>
        )}
      </section>

      <ProjectBoards project={project} mayArrange={mayDelete && !archived} />

      <section className={styles.card} aria-labelledby="project-lead-title">
        <h2 id="project-lead-title" className={styles.sectionTitle}>
          {uiMessages.projectLeadTitle}
        </h2>
        <p className={styles.lead}>
          <span className={styles.memberName}>{project.lead.name}</span>{' '}
          <span className={styles.memberEmail}>{project.lead.email}</span>
        </p>
      </section>

      <section className={styles.card} aria-labelledby="project-members-title">
        <h2 id="project-members-title" className={styles.sectionTitle}>
          {uiMessages.teamMembersTitle(project.members.length)}
        </h2>
        {memberProblem && <MessageBox tone="error">{memberProblem}</MessageBox>}
        <MemberList
          members={project.members}
          currentUserId={currentUserId}
          editing={editing}
          callerIsLead={isLead}
          callerIsAdmin={isAdmin(user)}
          busyId={busyMemberId}
          onRemove={remove}
          onChangeRole={changeMemberRole}
        />
      </section>

      {/* An archived project takes no one new. */}
      {mayInvite && !archived && <ProjectInvitations projectKey={project.key} members={project.members} />}

      {editing && (
        <div className={styles.editPanels}>
          <ChangeLeadForm
            key={project.lead.id}
            lead={project.lead}
            members={project.members}
            onChangeLead={changeLead}
            onChanged={() => setEditRequested(false)}
          />
          <AddMemberForm projectKey={project.key} members={project.members} onAdd={addMember} />
          <EstimateScaleForm scale={project.estimateScale} onSave={(estimateScale) => update({ estimateScale })} />
          <ViewerCommentsForm
            allowed={project.viewersMayComment}
            onSave={(viewersMayComment) => update({ viewersMayComment })}
          />
        </div>
      )}

      {/* Every member sees them; the lead or an admin plans them. */}
      <ProjectCycles projectKey={project.key} mayPlan={mayDelete && !archived} />

      <ProjectProgressPanel projectKey={project.key} />

      {/* Any member exports. */}
      <ProjectExport projectKey={project.key} />

      {/* The lead's or an admin's; an archived project's stay listed, none is added. */}
      {mayDelete && <ProjectWebhooks projectKey={project.key} mayAdd={!archived} />}
    </div>
  );
}
