import { useDeferredMenu } from './deferred-menu';
import { useUserMenuButton, type UserMenuProps } from './user-menu-button';
import type { UserMenuContent } from './user-menu-content';

const loadUserMenu = async (): Promise<typeof UserMenuContent> => (await import('./user-menu-content')).UserMenuContent;

/** Every entry of docs/product.md §2's user menu; its code loads on the first hover, focus or press. */
export function UserMenu(props: UserMenuProps) {
  const button = useUserMenuButton(props);
  const { Menu, menuProps, triggerProps } = useDeferredMenu<UserMenuProps>(loadUserMenu);
  if (Menu) return <Menu {...props} {...menuProps} />;
  return <button type="button" {...triggerProps} {...button} />;
}
