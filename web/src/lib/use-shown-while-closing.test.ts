import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';

describe('useShownWhileClosing', () => {
  it('follows the value while open and keeps the last one shown once closed', () => {
    const { result, rerender } = renderHook(({ open, value }) => useShownWhileClosing(open, value), {
      initialProps: { open: true, value: "Confirm 'Approve' Vote" },
    });
    expect(result.current).toBe("Confirm 'Approve' Vote");
    rerender({ open: true, value: "Confirm 'Not Approve' Vote" });
    expect(result.current).toBe("Confirm 'Not Approve' Vote");
    rerender({ open: false, value: "Confirm '' Vote" });
    expect(result.current).toBe("Confirm 'Not Approve' Vote");
    rerender({ open: true, value: "Confirm 'Abstain' Vote" });
    expect(result.current).toBe("Confirm 'Abstain' Vote");
  });
});
