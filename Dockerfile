# One image for every process of split mode; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY . .
# Dev dependencies are needed to build the web apps; tsx runs the TypeScript services.
RUN npm ci --no-audit --no-fund --include=dev && npm run build:web
USER node
EXPOSE 8080
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
