import type {
  ALBEvent,
  ALBResult,
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';

/**
 * The events this handler answers: API Gateway REST APIs (payload 1.0), HTTP APIs and Lambda function
 * URLs (payload 2.0, the same shape), and Application Load Balancers.
 */
export type HttpEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2 | ALBEvent;

/** What the handler returns for each of them. */
export type HttpResult = APIGatewayProxyResult | APIGatewayProxyStructuredResultV2 | ALBResult;

/**
 * The last value of a request header, whatever the event's shape. REST APIs keep the client's header
 * case, so names compare case-insensitively; events with `multiValueHeaders` (REST, and ALB with
 * multi-value headers on) are read from there, as it holds every value.
 */
export function readHeader(event: HttpEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  if ('multiValueHeaders' in event && event.multiValueHeaders) {
    for (const [key, values] of Object.entries(event.multiValueHeaders)) {
      if (key.toLowerCase() === wanted && values && values.length > 0) return values[values.length - 1];
    }
  }
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}
