import type { APIRequestContext } from '@playwright/test';
import { apiSignUp, dashboard } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors } from './site-support';

/** One JSON-RPC call to /mcp as an MCP client makes it: no cookies, no Origin, the token as a bearer. */
async function mcpCall(request: APIRequestContext, baseURL: string, token: string, method: string, params: Record<string, unknown> = {}) {
  const response = await request.fetch(`${baseURL}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json', cookie: '' },
    data: { jsonrpc: '2.0', id: 1, method, params },
  });
  return { status: response.status(), body: response.status() === 200 ? await response.json() : null };
}

/**
 * Access tokens on the dashboard: created with a name, access and lifetime, shown
 * once with a copy button, working at /mcp, then revoked after a confirm and refused there.
 */
for (const lng of ['en', 'zh-HK'] as const) {
  test(`access tokens in ${lng}: create, copy once, use at /mcp, revoke`, async ({ page, context, baseURL, playwright }) => {
    test.setTimeout(60_000);
    const t = dashboard[lng].tokens;
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors = watchErrors(page);
    await apiSignUp(page.request);

    await page.goto('/dashboard');
    const section = page.getByTestId('dashboard-tokens');
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(section.getByText(t.empty)).toBeVisible();
    // An empty name is refused in the form, with the contract's rule in the user's language.
    await expect(page.getByTestId('token-create')).toBeEnabled();
    await page.getByTestId('token-create').click();
    await expect(section.getByText(t.nameError)).toBeVisible();

    await section.getByLabel(t.name).fill('My AI tool');
    await section.getByLabel(t.scope).selectOption('read-write');
    await section.getByLabel(t.expires).selectOption('30');
    await page.getByTestId('token-create').click();
    const shown = page.getByRole('dialog', { name: t.newTitle });
    await expect(shown).toBeVisible();
    const token = (await shown.getByTestId('token-value').textContent())!.trim();
    expect(token).toMatch(/^pat_/);
    await shown.getByRole('button', { name: t.copy }).click();
    await expect(shown.getByRole('button', { name: t.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shown.getByRole('button', { name: t.done, exact: true }).first().click();
    await expect(section.getByTestId('access-token')).toHaveCount(1);
    await expect(section.getByTestId('access-token')).toContainText('My AI tool');
    await expect(section.getByTestId('access-token')).toContainText(t.scopeReadWrite);

    // Shown once: a reload lists the token, never the token itself.
    await page.reload();
    await expect(section.getByTestId('access-token')).toContainText('My AI tool');
    expect(await page.content()).not.toContain(token);

    // The token works at /mcp from a client that has no cookies.
    const client = await playwright.request.newContext();
    const saved = await mcpCall(client, baseURL!, token, 'tools/call', {
      name: 'save_prompt',
      arguments: { title: 'Saved from my AI', description: 'A private prompt saved over MCP', content: 'Write {{topic}} in {{語言}}.', categoryId: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.structuredContent).toMatchObject({ title: 'Saved from my AI', status: 'private' });

    await page.getByTestId('token-revoke').click();
    const confirm = page.getByRole('dialog', { name: t.revoke });
    await expect(confirm).toContainText(t.revokeConfirm.replace('{{name}}', 'My AI tool'));
    await page.getByTestId('token-revoke-confirm').click();
    await expect(section.getByText(t.revoked)).toBeVisible();
    await expect(section.getByTestId('access-token')).toHaveCount(0);
    expect((await mcpCall(client, baseURL!, token, 'tools/call', { name: 'list_collections', arguments: {} })).status).toBe(401);
    await client.dispose();
    await expectNoErrors(errors);
  });
}
