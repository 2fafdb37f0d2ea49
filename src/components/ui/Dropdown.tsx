import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './dropdown.css';

export interface DropdownItem {
  id: string;
  label: string;
  /** A link item navigates; otherwise onSelect runs. */
  href?: string;
  onSelect?: () => void;
}

interface DropdownProps {
  /** Content of the button that opens the menu. */
  label: ReactNode;
  items: readonly DropdownItem[];
  /** Opens on pointer hover as well as on click (default true). */
  openOnHover?: boolean;
  className?: string;
}

/** A menu button: click or hover opens; Escape and an outside click close; arrows move. */
export default function Dropdown({ label, items, openOnHover = true, className }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const pendingFocus = useRef<number | null>(null);
  // A menu opened by hover closes when the pointer leaves; a click pins it open.
  const openedByHover = useRef(false);
  const pinned = useRef(false);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: Event) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        pinned.current = false;
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onPointerDown);
    };
  }, [open]);

  useEffect(() => {
    if (open && pendingFocus.current !== null) {
      itemRefs.current[pendingFocus.current]?.focus();
      pendingFocus.current = null;
    }
  }, [open]);

  const openAndFocus = (index: number) => {
    if (open) itemRefs.current[index]?.focus();
    else {
      pendingFocus.current = index;
      setOpen(true);
    }
  };

  const close = (returnFocus: boolean) => {
    pinned.current = false;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(items.length - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const count = items.length;
    const move = (index: number) => {
      event.preventDefault();
      itemRefs.current[(index + count) % count]?.focus();
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(count - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className={`menu-button${className ? ` ${className}` : ''}`}
      onMouseEnter={
        openOnHover
          ? () => {
              if (!open) openedByHover.current = true;
              setOpen(true);
            }
          : undefined
      }
      onMouseLeave={
        openOnHover
          ? () => {
              openedByHover.current = false;
              if (!pinned.current) setOpen(false);
            }
          : undefined
      }
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="button button--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          if (open && openedByHover.current) {
            pinned.current = true;
          } else {
            pinned.current = !open;
            setOpen(!open);
          }
          openedByHover.current = false;
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </button>
      <ul id={menuId} role="menu" aria-labelledby={buttonId} hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item, index) => (
          <li key={item.id} role="none">
            {item.href ? (
              <a
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                role="menuitem"
                tabIndex={-1}
                href={item.href}
                onClick={() => {
                  item.onSelect?.();
                  setOpen(false);
                }}
              >
                {item.label}
              </a>
            ) : (
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  item.onSelect?.();
                  close(true);
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
