import type {
  CustomHttpResponseOptions,
  HttpResponse,
  HttpResponseOptions,
  ResponseFactory,
} from '../http/router_contract';

/** OSD's response objects carry a status, a payload and options; ours are the same plain data. */
function respond(status: number, options: HttpResponseOptions = {}): HttpResponse {
  return { status, payload: options.body, options };
}

export const responseFactory: ResponseFactory = {
  ok: (options) => respond(200, options),
  badRequest: (options) => respond(400, options),
  notFound: (options) => respond(404, options),
  custom: (options: CustomHttpResponseOptions) => {
    if (options.statusCode < 100 || options.statusCode > 599) {
      throw new Error(`Unexpected HTTP status code ${options.statusCode}`);
    }
    return respond(options.statusCode, options);
  },
};
