import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier ones (so callers can override). */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
