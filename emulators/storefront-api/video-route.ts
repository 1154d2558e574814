/**
 * `GET /cdn/shop/videos/{file}.{mp4|webm}`, the stand-in for cdn.shopify.com's product videos:
 * `{contentDir}/videos/{file}.{mp4|webm}` as it is, with byte ranges (206, as a video element
 * asks for them), validators and a year's immutable caching (the URL carries `?v=`). Unknown
 * files → 404; a name that is not `{file}.{mp4|webm}` → 404, never a path outside the folder.
 */
import path from 'node:path';
import type { Request, Response } from 'express';
import { imageNameProblem } from '../shared/images';

/** Express handler; `videosDir` is `{contentDir}/videos`. */
export function videoHandler(videosDir: string) {
  return (req: Request, res: Response) => {
    const name = String(req.params.file);
    const tooLong = imageNameProblem(name);
    if (tooLong) {
      res.status(400).type('text/plain').send(tooLong);
      return;
    }
    if (!/^[A-Za-z0-9_-]+\.(mp4|webm)$/.test(name)) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    res.sendFile(path.join(videosDir, name), { maxAge: '365d', immutable: true }, (error) => {
      if (error && !res.headersSent) res.status(404).type('text/plain').send('Not Found');
    });
  };
}
