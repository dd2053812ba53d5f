import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  CircleUser,
  FileText,
  HelpCircle,
  LayoutTemplate,
  LogOut,
  MessageSquare,
  Settings,
  Shield,
  Sparkles,
  Trash2,
  UserCog,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/class-names';

const itemClass = cn(
  'flex cursor-pointer select-none items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none',
  'data-[highlighted]:bg-muted',
);

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

/** Every entry of SPEC.md §2's user menu. */
export function UserMenu({
  username,
  onOpenSettings,
  onSignOut,
  onDeleteAccount,
  releaseNotesUnseen = false,
  onOpenReleaseNotes,
}: {
  username: string;
  onOpenSettings: () => void;
  onSignOut: () => void;
  onDeleteAccount: () => void;
  /** SPEC.md §4: the newest release notes differ from the user's last seen version. */
  releaseNotesUnseen?: boolean;
  onOpenReleaseNotes?: () => void;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const icon = (Icon: typeof Settings) => <Icon aria-hidden="true" className="h-4 w-4" />;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-md px-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        // The name starts with the visible text, the username, where it is shown (WCAG 2.5.3).
        aria-label={t('menu.openFor', { username })}
        data-testid="user-menu-button"
        aria-describedby={releaseNotesUnseen ? 'release-notes-unseen' : undefined}
      >
        <span className="relative">
          <CircleUser aria-hidden="true" className="h-6 w-6" />
          {releaseNotesUnseen ? (
            <span
              data-testid="release-notes-badge"
              className="absolute -right-0.5 -top-0.5 h-2.5 w-2.5 rounded-full bg-primary ring-2 ring-background"
            >
              <span id="release-notes-unseen" className="sr-only">
                {t('menu.releaseNotesUnseen')}
              </span>
            </span>
          ) : null}
        </span>
        <span className="hidden max-w-32 truncate text-sm font-medium sm:inline">{username}</span>
      </Menu.Trigger>
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
