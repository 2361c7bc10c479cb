import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';

/** What {@link useHeaderMenu} gives its menu: the open state and the refs of the menu's root and button. */
export interface HeaderMenu {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /** The element holding the button and the popup: a press outside it closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** The popup's id. */
  popupId: string;
  /** The toggle button's props: its ref (Escape gives it the focus back), its state and the popup it controls. */
  toggle: {
    ref: RefObject<HTMLButtonElement | null>;
    type: 'button';
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
  };
}

/**
 * The open state of a header disclosure (the user menu, the notification bell): it closes on any navigation, on a
 * press outside its root, and on Escape, which returns the focus to its button.
 */
export function useHeaderMenu(): HeaderMenu {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const { pathname } = useLocation();

  // Any navigation (a followed link in the menu) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return {
    open,
    setOpen,
    rootRef,
    popupId,
    toggle: {
      ref: buttonRef,
      type: 'button',
      'aria-expanded': open,
      'aria-controls': popupId,
      onClick: () => setOpen((value) => !value),
    },
  };
}
