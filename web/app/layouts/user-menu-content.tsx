import * as Menu from '@radix-ui/react-dropdown-menu';
import { FileText, HelpCircle, LayoutTemplate, LogOut, MessageSquare, Settings, Shield, Sparkles, Trash2, UserCog } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/class-names';
import type { DeferredMenuProps } from './deferred-menu';
import { useUserMenuButton, type UserMenuProps } from './user-menu-button';

// Joined, not `cn`: nothing to merge, and a top-level `cn` builds tailwind-merge's tables at import (decision 273).
const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';

function Item({
  icon,
  children,
  onSelect,
  destructive,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
  destructive?: boolean;
}) {
  return (
    <Menu.Item className={cn(itemClass, destructive && 'text-destructive')} onSelect={onSelect}>
      {icon}
      {children}
    </Menu.Item>
  );
}

/** The user menu itself (loaded on intent by `UserMenu`, docs/decisions/101-shell-menus-on-intent.md). */
export function UserMenuContent({
  username,
  onOpenSettings,
  onSignOut,
  onDeleteAccount,
  releaseNotesUnseen = false,
  onOpenReleaseNotes,
  defaultOpen,
  focusTrigger,
}: UserMenuProps & DeferredMenuProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const button = useUserMenuButton({ username, releaseNotesUnseen });
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) triggerRef.current?.focus();
    // Only when the menu replaces the plain trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const icon = (Icon: typeof Settings) => <Icon aria-hidden="true" className="h-4 w-4" />;
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger ref={triggerRef} {...button} />
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-md border bg-card p-1 shadow-lg">
          <Menu.Label className="px-3 py-2 text-xs text-muted-foreground">{t('menu.signedInAs', { username })}</Menu.Label>
          <Item icon={icon(UserCog)} onSelect={() => navigate('/account')}>
            {t('menu.account')}
          </Item>
          <Item icon={icon(Settings)} onSelect={onOpenSettings}>
            {t('menu.settings')}
          </Item>
          <Item icon={icon(LayoutTemplate)} onSelect={() => navigate('/premium-files')}>
            {t('menu.templates')}
          </Item>
          <Item icon={icon(HelpCircle)} onSelect={() => navigate('/help')}>
            {t('menu.help')}
          </Item>
          <Item icon={icon(MessageSquare)} onSelect={() => navigate('/feedback')}>
            {t('menu.feedback')}
          </Item>
          <Item icon={icon(Shield)} onSelect={() => navigate('/privacy-policy')}>
            {t('menu.privacy')}
          </Item>
          <Item icon={icon(FileText)} onSelect={() => navigate('/terms-conditions')}>
            {t('menu.terms')}
          </Item>
          {onOpenReleaseNotes ? (
            <Item icon={icon(Sparkles)} onSelect={onOpenReleaseNotes}>
              {t('menu.releaseNotes')}
              {releaseNotesUnseen ? (
                <span aria-hidden="true" className="ml-auto h-2 w-2 rounded-full bg-primary" data-testid="release-notes-menu-dot" />
              ) : null}
            </Item>
          ) : null}
          <Menu.Separator className="my-1 h-px bg-border" />
          <Item icon={icon(LogOut)} onSelect={onSignOut}>
            {t('menu.signOut')}
          </Item>
          <Item icon={icon(Trash2)} onSelect={onDeleteAccount} destructive>
            {t('menu.deleteAccount')}
          </Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
