import { uiMessages } from '../../../ui-messages';
import { TypedConfirmDialog, typedConfirmTriggerClass } from './typed-confirm-dialog';

/**
 * Delete Project: asks for the project's key, typed, before the delete can be
 * confirmed. What a delete removes is said in the dialog, since it cannot be undone.
 */
export function DeleteProjectDialog({
  project,
  onDelete,
}: {
  project: { key: string; name: string };
  onDelete: () => Promise<void>;
}) {
  return (
    <TypedConfirmDialog
      trigger={
        <button type="button" className={typedConfirmTriggerClass}>
          {uiMessages.deleteProject}
        </button>
      }
      title={uiMessages.deleteProjectTitle(project.name)}
      warning={uiMessages.deleteProjectWarning}
      phrase={project.key}
      typeLabel={uiMessages.deleteProjectTypeKey(project.key)}
      confirmLabel={uiMessages.deleteProjectConfirm}
      failed={uiMessages.deleteProjectFailed}
      failedDefault={uiMessages.deleteProjectDefault}
      autoCapitalize="characters"
      onConfirm={onDelete}
    />
  );
}
