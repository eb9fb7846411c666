import { cn } from '@/lib/cn';

/** HTML the voting service sanitised before storing it (motion names and bodies), rendered as is. */
export function ServerHtml({
  html,
  as: Tag = 'div',
  className,
}: {
  html: string;
  as?: 'div' | 'span';
  className?: string;
}) {
  return (
    <Tag
      className={cn(className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the services sanitise rich text before storing it.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
