import { type Projection, projectionLabels, projectionMessages } from '@app/contracts';
import { classifySelection, isDraftId, newDraftId, type ProjectionDialogForm } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { saveOrQueue } from '@/lib/api/saved-or-queued';
import { lazyPart } from '@/lib/lazy-part';
import { pageHeaders } from '@/lib/page-headers';
import { usePrivacyMode } from '@/lib/privacy';
import {
  listErrorText,
  preloadProjectionSchemas,
  projectionDetailQuery,
  projectionsListQuery,
} from './api/projections-api';
import { LazyProjectionDialog } from './components/lazy-projection-dialog';
import { AddProjectionButton, NoProjectionsYet } from './components/no-projections';
import { ProjectionSwitcher, ProjectionsTopBar } from './components/projection-switcher';
import {
  useCreateProjection,
  useDeleteProjection,
  useUpdateProjection,
} from './hooks/use-projection-mutations';
import {
  allProjectionsId,
  emptyFormState,
  useProjectionsSelection,
} from './store/projections-selection-store';

/**
 * A projection's view and the all-projections comparison bring the projection engine, exact
 * decimals and the virtualised sell table; they are drawn once the projections have arrived, so
 * they load beside those requests rather than before the page paints (to keep the page's first load within the route budget).
 * Until both are here the page shows the loading line it shows for the request.
 */
const projectionView = lazyPart(
  () => import('./components/projection-view'),
  (m) => m.ProjectionView,
);
const allProjectionsView = lazyPart(
  () => import('./components/all-projections-view'),
  (m) => m.AllProjectionsView,
);
const loadingProjection = <Spinner label="Loading projection…" />;
const loadingProjections = <Spinner label="Loading projections…" />;

/**
 * What the page needs before its first content beyond its own code, started with that code when
 * the app opens at `pathname` (routes' preloadPageAt): the schemas that parse its first answers,
 * and the view the address draws (the page starts it once mounted, three round trips later).
 */
export function preloadProjectionsFirstParts(pathname: string): void {
  preloadProjectionSchemas();
  (pathname.startsWith('/projections/') ? projectionView : allProjectionsView).preload();
}

function ProjectionDetail({ id }: { id: string }) {
  const detail = useQuery({ ...projectionDetailQuery(id), meta: { silent: true } });
  if (detail.isPending) return loadingProjection;
  if (detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404;
    return (
      <EmptyState title={gone ? 'Projection not found' : 'The projection could not be loaded'}>
        {gone ? 'It may have been deleted.' : listErrorText(detail.error)}
      </EmptyState>
    );
  }
  return (
    <Suspense fallback={loadingProjection}>
      <projectionView.Component key={id} projectionId={id} detail={detail.data} />
    </Suspense>
  );
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
  const create = useCreateProjection();
  const update = useUpdateProjection();
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

  const openEdit = (p: Projection) => {
    setForm({
      ...emptyFormState,
      isFormVisible: true,
      mode: 'edit',
      editingId: p.id,
      coinId: p.coin_id,
      coinName: p.coin_name,
      coinSymbol: p.coin_symbol,
      coinImage: p.coin_image,
      name: p.name,
      investedCapital: p.invested_capital,
      tokensOwned: p.tokens_owned,
      circulatingSupply: p.circulating_supply ?? '',
      sellTax: p.sell_tax,
    });
  };

  const closeDialog = () => {
    resetForm();
    if (isDraftId(useProjectionsSelection.getState().currentProjectionId)) {
      setCurrent(routeId ?? (projections.length > 0 ? allProjectionsId : ''));
    }
  };

  const submitCreate = async (values: ProjectionDialogForm, currency: string) => {
    try {
      const { toCreatePayload } = await import('./components/projection-payloads');
      const payload = { ...toCreatePayload(values), currency: currency as 'usd' };
      const saved = await saveOrQueue(() => create.mutateAsync(payload));
      if (!saved.queued) return saved.value;
      // Offline: kept on this device and sent later; the dialog closes as after a save.
      closeDialog();
      return null;
    } catch (error) {
      if (!isApiError(error)) console.error(projectionMessages.missingCreateInput, error);
      return null;
    }
  };

  const submitUpdate = async (id: string, values: ProjectionDialogForm) => {
    try {
      const { toUpdatePayload } = await import('./components/projection-payloads');
      await update.mutateAsync({ id, body: toUpdatePayload(values) });
      return true;
    } catch {
      return false;
    }
  };

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
