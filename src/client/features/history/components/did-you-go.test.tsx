import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DidYouGoPrompt } from '#shared/history.ts';
import { renderPage } from '#tests/component/render-page.tsx';
import { DidYouGo } from './did-you-go.tsx';

const prompt: DidYouGoPrompt = {
  stopId: '3f0b6a7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  date: '2026-10-03',
  artistName: 'Copper Tide',
  venueName: 'Diamond Hall',
  city: 'Nagoya',
  region: 'Aichi',
  country: 'JP',
};

describe('"Did you go?"', () => {
  it('names the place with the one place label, as History does', async () => {
    renderPage(<DidYouGo answerShow={vi.fn()} />, {
      answer: ({ path }) => {
        if (path === '/api/history/did-you-go') return { status: 200, json: { prompts: [prompt] } };
        throw new Error(`No stubbed answer for ${path}`);
      },
    });
    const line = (await screen.findByTestId('did-you-go')).querySelector('p')!;
    expect(line.textContent).toBe('Copper Tide · Diamond Hall · Nagoya, Japan · Sat, Oct 3, 2026');
  });
});
