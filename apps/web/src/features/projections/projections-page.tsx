import { type Projection, projectionLabels, projectionMessages } from '@app/contracts';
import { classifySelection, isDraftId, newDraftId } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { pageHeaders } from '@/lib/page-headers';
import { usePrivacyMode } from '@/lib/privacy';
import { listErrorText, preloadProjectionSchemas, projectionsListQuery } from './api/projections-api';
import { editFormStateOf } from './components/edit-form-state';
import { LazyProjectionDialog } from './components/lazy-projection-dialog';
import { AddProjectionButton, NoProjectionsYet } from './components/no-projections';
import { ProjectionSwitcher, ProjectionsTopBar } from './components/projection-switcher';
import {
  allProjectionsView,
  loadingProjections,
  ProjectionDetail,
  projectionView,
} from './components/projection-views';
import { useDeleteProjection } from './hooks/use-projection-mutations';
import { useProjectionSubmit } from './hooks/use-projection-submit';
import {
  allProjectionsId,
  emptyFormState,
  useProjectionsSelection,
} from './store/projections-selection-store';

/**
 * What the page needs before its first content beyond its own code, started with that code when
 * the app opens at `pathname` (routes' preloadPageAt): the schemas that parse its first answers,
 * and the view the address draws (the page starts it once mounted, three round trips later).
 */
export function preloadProjectionsFirstParts(pathname: string): void {
  preloadProjectionSchemas();
  (pathname.startsWith('/projections/') ? projectionView : allProjectionsView).preload();
}

/** /projections and /projections/{id}, with the projection selection rules. */
export function ProjectionsPage() {
  // Re-render on a privacy toggle: the figures below are formatted (and masked) at render time.
  usePrivacyMode();
  const { id: routeId } = useParams();
  const navigate = useNavigate();
  const current = useProjectionsSelection((s) => s.currentProjectionId);
  const setCurrent = useProjectionsSelection((s) => s.setCurrentProjectionId);
  const form = useProjectionsSelection((s) => s.formState);
  const setForm = useProjectionsSelection((s) => s.setFormState);
  const resetForm = useProjectionsSelection((s) => s.resetFormState);
  const list = useQuery({ ...projectionsListQuery(), meta: { silent: true } });
  const remove = useDeleteProjection();
  const confirm = useConfirm();
  const projections = list.data ?? [];
  const kind = classifySelection(current);
  // The view the selection will draw starts loading with the list.
  useEffect(() => (routeId === undefined ? allProjectionsView : projectionView).preload(), [routeId]);

  // The URL names the projection; a draft in progress keeps the selection until it is resolved.
  useEffect(() => {
    if (routeId !== undefined && !isDraftId(useProjectionsSelection.getState().currentProjectionId)) {
      setCurrent(routeId);
    }
  }, [routeId, setCurrent]);

  // A real selection restored at /projections (say, after a reload) reopens its page.
  useEffect(() => {
    if (routeId === undefined && kind === 'real')
      void navigate(`/projections/${encodeURIComponent(current)}`, { replace: true });
  }, [routeId, kind, current, navigate]);

  const openCreate = () => {
    setCurrent(newDraftId());
    setForm({ ...emptyFormState, isFormVisible: true, mode: 'create' });
  };

  const openEdit = (p: Projection) => setForm(editFormStateOf(p));

  const closeDialog = () => {
    resetForm();
    if (isDraftId(useProjectionsSelection.getState().currentProjectionId)) {
      setCurrent(routeId ?? (projections.length > 0 ? allProjectionsId : ''));
    }
  };

  const { submitCreate, submitUpdate } = useProjectionSubmit(closeDialog);

  // Submit, refresh the list, select the new one and go to /projections/{id}.
  const onCreated = async (id: string) => {
    resetForm();
    await list.refetch();
    setCurrent(id);
    void navigate(`/projections/${encodeURIComponent(id)}`);
  };

  // Deleting the selected projection moves to add_projection, then refreshes the list.
  const onDelete = (p: Projection) =>
    confirm.ask({
      title: `Delete ${p.name}?`,
      description: 'The projection and its planned sells are deleted. This cannot be undone.',
      confirmLabel: 'Delete projection',
      destructive: true,
      onConfirm: () => void deleteNow(p),
    });
  const deleteNow = async (p: Projection) => {
    const wasCurrent = p.id === current;
    try {
      await remove.mutateAsync(p.id);
    } catch {
      return;
    }
    if (wasCurrent) {
      setCurrent('');
      void navigate('/projections');
    }
  };

  const selectAll = () => {
    setCurrent(allProjectionsId);
    void navigate('/projections');
  };

  let body: React.ReactNode;
  if (list.isPending) body = loadingProjections;
  else if (list.isError) body = <EmptyState title={listErrorText(list.error)} />;
  else if (routeId !== undefined) body = <ProjectionDetail id={routeId} />;
  else if (kind === 'draft') {
    body = (
      <EmptyState title={projectionLabels.newProjection}>
        <p>{projectionMessages.saveToDraft}</p>
        <Button variant="primary" className="mt-4" onClick={() => setForm({ isFormVisible: true })}>
          Continue
        </Button>
      </EmptyState>
    );
  } else if (projections.length === 0) {
    body = <NoProjectionsYet onAdd={openCreate} />;
  } else if (kind === 'all')
    body = (
      <Suspense fallback={loadingProjections}>
        <allProjectionsView.Component projections={projections} />
      </Suspense>
    );
  else {
    body = (
      <EmptyState title="Choose a projection">
        Pick one above, open All to compare them, or add a new projection.
      </EmptyState>
    );
  }

  return (
    <PageFrame
      title={pageHeaders['/projections'].title}
      description={pageHeaders['/projections'].description}
      actions={<AddProjectionButton onClick={openCreate} />}
      // The server may have painted the empty state (prerender): it stays until the list is here.
      settled={!list.isPending}
    >
      <ProjectionsTopBar>
        <ProjectionSwitcher
          projections={projections}
          currentId={routeId !== undefined && kind !== 'draft' ? routeId : current}
          showDraft={kind === 'draft'}
          onSelectAll={selectAll}
          onSelect={(id) => void navigate(`/projections/${encodeURIComponent(id)}`)}
          onEdit={openEdit}
          onDelete={onDelete}
        />
      </ProjectionsTopBar>
      {body}
      {form.isFormVisible && (
        <LazyProjectionDialog
          onCreated={(id) => void onCreated(id)}
          onClose={closeDialog}
          submitCreate={submitCreate}
          submitUpdate={submitUpdate}
        />
      )}
      {confirm.dialog}
    </PageFrame>
  );
}
