import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageLoadError, loadPage, setPendingNavigationTarget } from '../page-load';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();
const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, reload: vi.fn() });
  sessionStorage.clear();
  setPendingNavigationTarget(() => '/baziinput');
});
afterEach(() => {
  fetchMock.mockReset();
  assign.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loading a page chunk (issue 19)', () => {
  it('passes a loaded module through', async () => {
    await expect(loadPage(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
  });

  it('calls a failure with no server reachable offline', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await loadPage(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageLoadError);
    expect((error as PageLoadError).kind).toBe('offline');
    expect(assign).not.toHaveBeenCalled();
  });

  it('reloads once to where the router was going when the server answers (a file gone after a deploy), then gives up', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    void loadPage(failing);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/baziinput'));
    const again = await loadPage(failing).catch((e: unknown) => e);
    expect((again as PageLoadError).kind).toBe('missing');
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
