import { CircleUser } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type UserMenuProps = {
  username: string;
  onOpenSettings: () => void;
  onSignOut: () => void;
  onDeleteAccount: () => void;
  /** docs/product.md §4: the newest release notes differ from the user's last seen version. */
  releaseNotesUnseen?: boolean;
  onOpenReleaseNotes?: () => void;
};

/** The user menu button's attributes and face, the same before and after the menu's code loads. */
export function useUserMenuButton({ username, releaseNotesUnseen = false }: Pick<UserMenuProps, 'username' | 'releaseNotesUnseen'>) {
  const { t } = useTranslation('shell');
  return {
    className:
      'flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-md px-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
    // The name starts with the visible text, the username, where it is shown (WCAG 2.5.3).
    'aria-label': t('menu.openFor', { username }),
    'data-testid': 'user-menu-button',
    'aria-describedby': releaseNotesUnseen ? 'release-notes-unseen' : undefined,
    children: (
      <>
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
      </>
    ),
  };
}
