# The service image for docker-compose. Build the jar first: mvn -q -DskipTests package
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 loja
WORKDIR /app
COPY api-gateway/target/store-api.jar /app/store-api.jar
USER loja
EXPOSE 8080
# Half of the container's memory limit is heap: about 300 MB of a node lives outside it (metaspace, compiled code,
# the collector's structures, threads). G1 named, since the JVM picks the serial collector below 1,792 MB (089).
ENTRYPOINT ["java", "-XX:+UseG1GC", "-XX:MaxRAMPercentage=50", "-jar", "/app/store-api.jar"]
