import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return (
    <input
      ref={ref}
      className={cn(
        'h-10 w-full rounded-md border bg-background px-3 text-base text-foreground placeholder:text-muted-foreground',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
});
