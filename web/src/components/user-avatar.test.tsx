import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from '@/components/user-avatar';
import { initialsOf } from '@/lib/initials';
import { makeUser } from '@/test/fixtures';

describe('initialsOf', () => {
  it('uses the displayed first name (else the first name) and the last name', () => {
    expect(initialsOf({ first_name: 'Robert', displayed_first_name: 'Bob', last_name: 'smith' })).toBe('BS');
    expect(initialsOf({ first_name: 'robert', displayed_first_name: '', last_name: 'Smith' })).toBe('RS');
    expect(initialsOf({ first_name: 'Élodie', last_name: 'Ørsted' })).toBe('ÉØ');
  });

  it('falls back to the first and last word of the name, then to "?"', () => {
    expect(initialsOf({ first_name: '', last_name: '', name: 'grace brewster hopper' })).toBe('GH');
    expect(initialsOf({ name: 'Cher' })).toBe('C');
    expect(initialsOf({ name: '  ' })).toBe('?');
  });
});

describe('UserAvatar', () => {
  it('shows initials when the user has no picture', () => {
    render(
      <UserAvatar
        user={makeUser({ first_name: 'Ada', displayed_first_name: 'Ada', last_name: 'Lovelace' })}
      />,
    );
    expect(screen.getByText('AL')).toBeTruthy();
  });

  it("links to the user's edit page in a new tab", () => {
    render(<UserAvatar user={makeUser({ id: 'u 42', name: 'Ada Lovelace' })} link />);
    const link = screen.getByRole('link', { name: /Ada Lovelace/ });
    expect(link.getAttribute('href')).toBe('/admin/users/u%2042/edit');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('can show the avatar without a link', () => {
    render(<UserAvatar user={makeUser({ name: 'Ada Lovelace' })} link={false} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('links only when asked (most users may not open the user edit page)', () => {
    render(<UserAvatar user={makeUser({ name: 'Ada Lovelace' })} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy();
  });
});
