import { routeLabel } from './http-metrics';

describe('HTTP metrics route label', () => {
  it('is the pattern the router matched, never the id in the path', () => {
    expect(routeLabel({ method: 'GET', baseUrl: '', route: { path: '/v1/rag/turns/:id' } }, 200)).toBe(
      '/v1/rag/turns/:id',
    );
    expect(routeLabel({ method: 'GET', baseUrl: '/admin/queues', route: { path: '/api/queues' } }, 200)).toBe(
      '/admin/queues/api/queues',
    );
  });

  it('names a request no route took: the chat page as static, anything else unmatched', () => {
    expect(routeLabel({ method: 'GET' }, 200)).toBe('static');
    expect(routeLabel({ method: 'GET' }, 404)).toBe('unmatched');
  });
});
