import { DownloadIcon, ExternalLinkIcon } from 'lucide-react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { MEETING_TEXT } from '@/features/meetings/meeting-rules';

/** A resource as retrieve/meeting lists it (spec section 3); the resources service owns the schema. */
const ZResourceItem = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  slug: z.string().optional(),
  name: z.string(),
  url: z.string(),
  type: z.enum(['file', 'url']).catch('url'),
  sort: z.number().optional(),
});
type ResourceItem = z.infer<typeof ZResourceItem>;

export function parseResources(raw: readonly unknown[]): ResourceItem[] {
  return raw
    .map((r) => ZResourceItem.safeParse(r))
    .filter((r) => r.success)
    .map((r) => r.data)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}

/** The meeting's resources with View (and Download for files); managing them is a later issue. */
export function ResourcesPanel({ resources }: { resources: readonly unknown[] }) {
  const items = parseResources(resources);
  return (
    <Card aria-labelledby="resources-title">
      <CardHeader>
        <CardTitle id="resources-title">Resources</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{MEETING_TEXT.noResources}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words text-sm font-medium">{item.name}</span>
                <span className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={item.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`View ${item.name}`}
                    >
                      <ExternalLinkIcon aria-hidden="true" />
                      View
                    </a>
                  </Button>
                  {item.type === 'file' && (
                    <Button asChild variant="outline" size="sm">
                      <a href={item.url} download aria-label={`Download ${item.name}`}>
                        <DownloadIcon aria-hidden="true" />
                        Download
                      </a>
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
