import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A router link styled as small body text: the "Back to …" of a notice, "Browse the catalog". */
const TextAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(function TextAnchor(
  { className, children, ...props },
  ref,
) {
  return (
    <a ref={ref} {...props} className={cn('text-[13px] text-primary hover:underline', className)}>
      {children}
    </a>
  );
});

export const TextLink = createLink(TextAnchor);
