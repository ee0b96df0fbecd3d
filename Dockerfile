# One image for every process of split mode; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY . .
# Dev dependencies are needed to build the web apps; tsx runs the TypeScript services.
RUN npm ci --no-audit --no-fund --include=dev && npm run build:web
USER node
ENV PORT=8080
EXPOSE 8080
# Ready: listening, migrations done, database and Redis reachable, not shutting down.
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=20 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM starts a graceful stop (not ready, requests in flight answered, sockets moved, exit 0).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
