import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { Button, IconButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/page-state';
import type { CrudAction, EntityKind } from '../../api/schedule';
import { toast } from '../../lib/toast';

export type { EntityKind, CrudAction };

/** docs/product.md §8: 'X added/updated/deleted'. A failure's toast is the mutation's (schedule.api.ts useCrud). */
export function useEntityToasts(kind: EntityKind) {
  const { t } = useTranslation('schedule');
  const success = (action: CrudAction) => toast({ title: t(`entities.${kind}.${action}Done`), variant: 'success' });
  return {
    success,
    /** Mutation callbacks for a form's save: the toast for `action`, then `onDone` after a success. */
    outcome: (action: CrudAction, onDone: () => void) => ({ onSuccess: () => (success(action), onDone()) }),
  };
}

export type FormProps<T> = { item: T | null; onDone: () => void };

/**
 * One tab's list: loading/empty/error states, an "add" button, an edit dialog holding `renderForm`
 * and a confirmed delete.
 */
export function ResourceSection<T extends { id: string }>({
  kind,
  query,
  renderSummary,
  renderForm,
  onDelete,
  deletePending,
  openNew = false,
}: {
  kind: EntityKind;
  query: { data: T[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  renderSummary: (item: T) => { title: ReactNode; details?: ReactNode; color?: string; actions?: ReactNode };
  renderForm: (props: FormProps<T>) => ReactNode;
  onDelete: (item: T, done: () => void) => void;
  deletePending: boolean;
  /** Opens the "add" form on mount (the dashboard's `?new=` links). */
  openNew?: boolean;
}) {
  const { t } = useTranslation('schedule');
  const [editing, setEditing] = useState<T | null | 'new'>(openNew ? 'new' : null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const close = () => setEditing(null);

  let body: ReactNode;
  // Not pending and no data counts as a failure here (retry refetches).
  if (query.isPending || query.isError || !query.data)
    body = <QueryState queries={[{ isPending: query.isPending, isError: !query.isPending, refetch: query.refetch }]} />;
  else if (query.data.length === 0) body = <EmptyState title={t(`entities.${kind}.empty`)} description={t(`entities.${kind}.emptyHint`)} />;
  else
    body = (
      <ul className="divide-y rounded-lg border bg-card">
        {query.data.map((item) => {
          const summary = renderSummary(item);
          return (
            <li key={item.id} className="flex items-center gap-3 p-3">
              {summary.color ? (
                <span aria-hidden="true" className="h-8 w-2 shrink-0 rounded" style={{ background: summary.color }} />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{summary.title}</p>
                {summary.details ? <div className="text-sm text-muted-foreground">{summary.details}</div> : null}
                {summary.actions ? <div className="mt-1 flex flex-wrap gap-2">{summary.actions}</div> : null}
              </div>
              <IconButton icon={Pencil} label={t('editNamed', { name: summaryText(summary.title) })} onClick={() => setEditing(item)} />
              <IconButton icon={Trash2} label={t('deleteNamed', { name: summaryText(summary.title) })} onClick={() => setDeleting(item)} />
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t(`entities.${kind}.addButton`)}
        </Button>
      </div>
      {body}
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : close())}>
        {editing !== null ? (
          <DialogContent
            title={t(`entities.${kind}.${editing === 'new' ? 'addTitle' : 'editTitle'}`)}
            closeLabel={t('common:close')}
            // A class's time slots fit "Wednesday" and two time fields ("9 : 00 AM") on one line.
            {...(kind === 'course' ? { className: 'sm:max-w-2xl' } : {})}
          >
            {renderForm({ item: editing === 'new' ? null : editing, onDone: close })}
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t(`entities.${kind}.deleteTitle`)}
        description={t(`entities.${kind}.deleteDescription`, { name: deleting ? summaryText(renderSummary(deleting).title) : '' })}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        pending={deletePending}
        onConfirm={() => deleting && onDelete(deleting, () => setDeleting(null))}
      />
    </div>
  );
}

function summaryText(node: ReactNode): string {
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}
