# The service image for docker-compose. Build the jar first: mvn -q -DskipTests package
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 loja
WORKDIR /app
COPY api-gateway/target/store-api.jar /app/store-api.jar
USER loja
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/store-api.jar"]
