import { toast } from 'sonner';

export const COPY_SUCCESS = 'Copied to clipboard';
export const COPY_FAILURE = 'Error copying to clipboard';

/** Copies text to the clipboard and says so in a toast; resolves to whether it worked. */
export async function copyToClipboard(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(value);
    toast.success(COPY_SUCCESS);
    return true;
  } catch {
    toast.error(COPY_FAILURE);
    return false;
  }
}
