import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { queryClient } from '@/lib/query-client';
import { testUser } from '@/test/fixtures';
import '../layouts/server-state-layout';

afterEach(() => {
  useAuthStore.setState({ user: null });
  queryClient.clear();
});

describe('the query cache of the signed-in pages', () => {
  it('forgets what one account read when another signs in or the user signs out', () => {
    useAuthStore.setState({ user: testUser });
    queryClient.setQueryData(['reward', 'mine'], ['5 元']);
    useAuthStore.setState({ user: { ...testUser } });
    expect(queryClient.getQueryData(['reward', 'mine'])).toEqual(['5 元']);

    useAuthStore.setState({ user: { ...testUser, id: 'someone-else' } });
    expect(queryClient.getQueryData(['reward', 'mine'])).toBeUndefined();

    queryClient.setQueryData(['reward', 'mine'], ['10 元']);
    useAuthStore.setState({ user: null });
    expect(queryClient.getQueryData(['reward', 'mine'])).toBeUndefined();
  });
});
