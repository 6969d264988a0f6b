package br.com.lojaapi.implantacao;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml cannot be started on the build machines (no Docker engine), so it is checked here instead: parsed
 * with a real YAML parser (anchors and aliases resolved, duplicate keys refused) and its references followed
 * (dependencies, health checks, volumes, files mounted from the repository, build context, nginx upstream,
 * .dockerignore, the synchronous standby and the nodes' URL naming both PostgreSQL servers). It proves the file is
 * consistent, not that the images start nor that the standby streams.
 */
class DockerComposeTest {

    private static final Set<String> CONDICOES =
            Set.of("service_started", "service_healthy", "service_completed_successfully");
    private static final Set<String> REINICIOS = Set.of("always", "unless-stopped", "on-failure");
    private static final Pattern SERVIDOR_UPSTREAM = Pattern.compile("^\\s*server\\s+([^\\s:;]+)(?::(\\d+))?[^;]*;",
            Pattern.MULTILINE);
    private static final Pattern BLOCO_UPSTREAM = Pattern.compile("upstream\\s+\\S+\\s*\\{([^}]*)}");
    private static final Pattern COPIA = Pattern.compile("^\\s*(?:COPY|ADD)\\s+(?!--from)(.+)$",
            Pattern.MULTILINE | Pattern.CASE_INSENSITIVE);
    /** The primary PostgreSQL and its synchronous standby, as the compose file names them. */
    private static final String PRIMARIO = "postgres";
    private static final String STANDBY = "postgres-standby";
    /** The read replica (decision 074). */
    private static final String REPLICA = "postgres-replica";
    private static final String DADOS_DO_POSTGRES = "/var/lib/postgresql/data";
    /** What a node needs outside its heap, with room: about 300 MB measured under load (decision 089). */
    private static final long FORA_DO_HEAP_MB = 400;
    private static final Pattern URL_JDBC = Pattern.compile("jdbc:postgresql://([^/?]+)/[^?]*(?:\\?(.*))?");

    @TempDir
    Path temporario;

    @Test
    void oComposeDoRepositorioEstaConsistente() throws IOException {
        assertThat(problemas(raizDoRepositorio())).isEmpty();
    }

    // The checks must be able to fail: each test below breaks one thing in a copy of the real files.

    /** One change to a copy of docker-compose.yml, and what the report must then say. */
    record Quebra(String nome, UnaryOperator<String> compose, Predicate<String> apontado) {
        @Override
        public String toString() {
            return nome;
        }
    }

    static Stream<Quebra> quebrasDoCompose() {
        return Stream.of(
                new Quebra("dependência de serviço inexistente",
                        c -> c.replace("      minio:\n        condition: service_healthy",
                                "      minios:\n        condition: service_healthy"),
                        p -> p.contains("minios") && p.contains("not defined")),
                new Quebra("esperar a saúde de um serviço sem healthcheck",
                        c -> c.replace("      test: [\"CMD\", \"mc\", \"ready\", \"local\"]\n", "      disable: true\n"),
                        p -> p.contains("minio") && p.contains("healthcheck")),
                new Quebra("condição inválida",
                        c -> c.replaceFirst("condition: service_healthy", "condition: service_ready"),
                        p -> p.contains("service_ready")),
                new Quebra("volume não declarado", c -> c.replace("  miniodata:\n", ""),
                        p -> p.contains("miniodata")),
                new Quebra("nós com tokens diferentes",
                        c -> c.replace("      NODE_NAME: node2\n", "      NODE_NAME: node2\n      ADMIN_TOKEN: outro\n"),
                        p -> p.contains("ADMIN_TOKEN")),
                new Quebra("nós sem a mesma chave mestra dos secrets",
                        c -> c.replace("      SECRETS_KEY: ", "      SEM_SECRETS_KEY: "),
                        p -> p.contains("SECRETS_KEY")),
                new Quebra("nós com o mesmo nome",
                        c -> c.replace("      NODE_NAME: node2\n", "      NODE_NAME: node1\n"),
                        p -> p.contains("NODE_NAME") && p.contains("node1")),
                // Nodes on different databases would each hold every segment of their own event processors.
                new Quebra("nós em bancos diferentes",
                        c -> c.replace("      NODE_NAME: node2\n", "      NODE_NAME: node2\n      DATABASE_URL: "
                                + "postgresql://loja:loja@postgres:5432/outra\n"),
                        p -> p.contains("DATABASE_URL")),
                // A node that overrides its settings wholesale (a merge is shallow) loses the shared ones.
                new Quebra("nó sem as configurações dos outros", c -> c.replace("      <<: *ambiente\n", ""),
                        p -> p.contains("DATABASE_URL")),
                new Quebra("nó sem limite de memória", c -> c.replace("    mem_limit: 2g\n", ""),
                        p -> p.contains("node1: no memory limit")),
                new Quebra("limite que não cabe o que fica fora do heap",
                        c -> c.replace("    mem_limit: 2g\n", "    mem_limit: 512m\n"),
                        p -> p.contains("node1: 512 MB") && p.contains("256 MB outside the heap")),
                new Quebra("alias sem âncora", c -> c.replace("  node1: &node\n", "  node1: &no\n"),
                        p -> p.contains("YAML")),
                new Quebra("sem réplica de leitura",
                        c -> c.replaceFirst("(?s)\n  postgres-replica:\n.*?\n\n", "\n"),
                        p -> p.contains("no read replica")),
                new Quebra("réplica entre os síncronos",
                        c -> c.replace("\"ANY 1 (pg1, pg2)\"", "\"ANY 1 (pg1, pg2, pg3)\""),
                        p -> p.contains("names the read replica")),
                new Quebra("réplica que só segue o primário inicial",
                        c -> c.replace("primary_conninfo=host=postgres,postgres-standby port", "primary_conninfo=host=postgres port"),
                        p -> p.contains("would stop replicating after a failover")),
                new Quebra("nós que não leem da réplica",
                        c -> c.replace("      DATABASE_REPLICA_URLS: jdbc:postgresql://postgres-replica:5432/loja\n", ""),
                        p -> p.contains("DATABASE_REPLICA_URLS")),
                new Quebra("imagem sem versão",
                        c -> c.replaceFirst("image: minio/minio:\\S+", "image: minio/minio:latest"),
                        p -> p.contains("minio/minio:latest")),
                // The synchronous standby and the nodes' way to it.
                new Quebra("sem standby",
                        c -> c.replaceFirst("(?s)\n  postgres-standby:\n.*?\n\n", "\n"),
                        p -> p.contains("no synchronous standby")),
                new Quebra("standby com outro nome que o da lista do primário",
                        c -> c.replace("cluster_name=pg2", "cluster_name=pg3"),
                        p -> p.contains("SYNCHRONOUS_STANDBY_NAMES") && p.contains("pg3")),
                new Quebra("primário sem o standby entre os síncronos",
                        c -> c.replace("SYNCHRONOUS_STANDBY_NAMES: \"ANY 1 (pg1, pg2)\"",
                                "SYNCHRONOUS_STANDBY_NAMES: \"ANY 1 (pg1, pg3)\""),
                        p -> p.contains("does not name postgres-standby")),
                new Quebra("primário sem lista de síncronos",
                        c -> c.replace("      SYNCHRONOUS_STANDBY_NAMES: ", "      SEM_SINCRONOS: "),
                        p -> p.contains("no SYNCHRONOUS_STANDBY_NAMES")),
                new Quebra("commit que não espera o standby",
                        c -> c.replaceFirst("synchronous_commit=on", "synchronous_commit=local"),
                        p -> p.contains("synchronous_commit=local")),
                new Quebra("standby no volume do primário",
                        c -> c.replace("pgdata-standby:/var/lib/postgresql/data", "pgdata:/var/lib/postgresql/data"),
                        p -> p.contains("shares the volume pgdata")),
                new Quebra("standby de outra imagem",
                        c -> c.replace("    image: postgres:17.6\n    restart: unless-stopped\n    depends_on:",
                                "    image: postgres:17.5\n    restart: unless-stopped\n    depends_on:"),
                        p -> p.contains("is not the primary's")),
                new Quebra("standby que não clona o primário",
                        c -> c.replace("entrypoint: [\"bash\", \"/usr/local/bin/standby.sh\"]",
                                "entrypoint: [\"docker-entrypoint.sh\"]"),
                        p -> p.contains("clones the primary")),
                new Quebra("standby que replicaria de si mesmo",
                        c -> c.replace("primary_conninfo=host=postgres port=5432",
                                "primary_conninfo=host=postgres-standby port=5432"),
                        p -> p.contains("does not name postgres,")),
                new Quebra("primário que não voltaria como standby do outro",
                        c -> c.replace("\"-c\", \"primary_conninfo=host=postgres-standby port=5432 user=replicador password=loja-replicacao\"",
                                "\"-c\", \"max_connections=100\""),
                        p -> p.contains("primary_conninfo null does not name postgres-standby")),
                new Quebra("URL só com o primário",
                        c -> c.replace("postgres:5432,postgres-standby:5432", "postgres:5432"),
                        p -> p.contains("not both postgres and postgres-standby")),
                new Quebra("URL sem targetServerType=primary",
                        c -> c.replace("?targetServerType=primary", ""),
                        p -> p.contains("targetServerType=primary")),
                new Quebra("URL no formato libpq",
                        c -> c.replace("jdbc:postgresql://postgres:5432,postgres-standby:5432/loja?targetServerType=primary",
                                "postgresql://loja:loja@postgres:5432/loja"),
                        p -> p.contains("is not a JDBC URL")),
                // Prometheus and Grafana.
                new Quebra("grafana sem versão",
                        c -> c.replaceFirst("image: grafana/grafana:\\S+", "image: grafana/grafana:latest"),
                        p -> p.contains("grafana/grafana:latest")),
                new Quebra("regras de alerta não montadas",
                        c -> c.replace("      - ./deploy/prometheus/alertas.yml:/etc/prometheus/alertas.yml:ro\n", ""),
                        p -> p.contains("/etc/prometheus/alertas.yml") && p.contains("not mounted")),
                new Quebra("painel não montado",
                        c -> c.replace("      - ./deploy/grafana/painel-loja-api.json:", "      - ./deploy/grafana/outro.json:"),
                        p -> p.contains("deploy/grafana/outro.json")),
                new Quebra("prometheus sem o token de operador",
                        c -> c.replace("printf '%s' \\\"$$ADMIN_TOKEN\\\" > /prometheus/admin-token && ", ""),
                        p -> p.contains("/prometheus/admin-token")),
                new Quebra("prometheus com outro token que o dos nós",
                        c -> c.replace("      ADMIN_TOKEN: ${ADMIN_TOKEN:?defina ADMIN_TOKEN (ao menos 16 caracteres)}\n    volumes:\n      - prometheus",
                                "      ADMIN_TOKEN: outro\n    volumes:\n      - prometheus"),
                        p -> p.contains("prometheus") && p.contains("ADMIN_TOKEN")),
                new Quebra("sem prometheus",
                        c -> c.replaceFirst("(?s)\n  prometheus:\n.*?\n\n", "\n").replace("    depends_on:\n      - prometheus\n", ""),
                        p -> p.contains("deploy/prometheus/prometheus.yml")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quebrasDoCompose")
    void cadaQuebraDoComposeEApontada(Quebra quebra) throws IOException {
        assertThat(problemas(copiaComCompose(quebra.compose()))).anyMatch(quebra.apontado());
    }

    @Test
    void arquivoMontadoQueNaoExisteEApontado() throws IOException {
        Path copia = copia();
        Files.delete(copia.resolve("deploy/nginx.conf"));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("deploy/nginx.conf"));
    }

    @Test
    void upstreamComNoQueNaoExisteEApontado() throws IOException {
        Path copia = copia();
        Path nginx = copia.resolve("deploy/nginx.conf");
        Files.writeString(nginx, Files.readString(nginx).replace("server node2:8080;", "server node3:8080;"));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("node3")).anyMatch(p -> p.contains("node2"));
    }

    @Test
    void scriptDoPrimarioQueNaoAplicaOsSincronosEApontado() throws IOException {
        Path copia = copiaCom("deploy/postgres/replicacao.sh",
                s -> s.replace("ALTER SYSTEM SET synchronous_standby_names", "SELECT"));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("applies SYNCHRONOUS_STANDBY_NAMES"));
    }

    @Test
    void prometheusQueNaoRaspaUmNoEApontado() throws IOException {
        Path copia = copiaCom("deploy/prometheus/prometheus.yml", s -> s.replace("\"node2:8080\"", "\"node3:8080\""));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("node3")).anyMatch(p -> p.contains("node2:8080"));
    }

    @Test
    void painelComOutraFonteDeDadosQueAProvisionadaEApontado() throws IOException {
        Path copia = copiaCom("deploy/grafana/provisioning/datasources/prometheus.yml",
                s -> s.replace("uid: prometheus-loja", "uid: outra"));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("prometheus-loja"));
    }

    @Test
    void listaDeSincronosEmCadaFormaDoPostgres() {
        assertThat(nomesSincronos("ANY 1 (pg1, pg2)")).containsExactly("pg1", "pg2");
        assertThat(nomesSincronos("FIRST 2 (s1, \"s-2\", s3)")).containsExactly("s-2", "s1", "s3");
        assertThat(nomesSincronos("1 (pg2)")).containsExactly("pg2");
        assertThat(nomesSincronos("pg2, pg3")).containsExactly("pg2", "pg3");
        assertThat(nomesSincronos("*")).containsExactly("*");
    }

    @Test
    void heapQueTomaQuaseTodoOLimiteEApontado() throws IOException {
        Path copia = copiaCom("Dockerfile", s -> s.replace("-XX:MaxRAMPercentage=50", "-XX:MaxRAMPercentage=90"));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("node1: 2048 MB") && p.contains("205 MB outside the heap"));
    }

    @Test
    void opcaoSoNumComentarioDoDockerfileNaoConta() throws IOException {
        Path copia = copiaCom("Dockerfile", s -> s.replace("ENTRYPOINT", "# -Xmx1900m was tried\nENTRYPOINT"));
        assertThat(problemas(copia)).noneMatch(p -> p.contains("outside the heap"));
        Path dockerfile = copia.resolve("Dockerfile");
        Files.writeString(dockerfile, Files.readString(dockerfile)
                                           .replace("ENTRYPOINT [\"java\",", "ENTRYPOINT [\"java\", \"-Xmx1800m\","));
        assertThat(problemas(copia)).anyMatch(p -> p.contains("node1: 2048 MB") && p.contains("248 MB outside the heap"));
    }

    @Test
    void limiteEmDeployResourcesTambemConta() throws IOException {
        Path copia = copiaComCompose(c -> c.replace("    mem_limit: 2g\n",
                "    deploy:\n      resources:\n        limits:\n          memory: 600m\n"));
        assertThat(problemas(copia)).noneMatch(p -> p.contains("no memory limit"))
                                    .anyMatch(p -> p.contains("node1: 600 MB") && p.contains("300 MB outside the heap"));
    }

    @Test
    void tamanhosDeMemoriaDoCompose() {
        assertThat(megabytes("2g")).isEqualTo(2048);
        assertThat(megabytes("1536m")).isEqualTo(1536);
        assertThat(megabytes("1.5G")).isEqualTo(1536);
        assertThat(megabytes("2gb")).isEqualTo(2048);
        assertThat(megabytes(2147483648L)).isEqualTo(2048);
        assertThat(megabytes("muito")).isNull();
    }

    @Test
    void jarExcluidoDoContextoEApontado() throws IOException {
        Path copia = copia();
        Files.writeString(copia.resolve(".dockerignore"), "*\n");
        assertThat(problemas(copia)).anyMatch(p -> p.contains("store-api.jar"));
    }

    // --- the checks ---

    static List<String> problemas(Path raiz) throws IOException {
        List<String> problemas = new ArrayList<>();
        Map<String, Object> compose;
        try {
            LoaderOptions opcoes = new LoaderOptions();
            opcoes.setAllowDuplicateKeys(false);
            compose = mapa(new Yaml(new SafeConstructor(opcoes)).load(Files.readString(raiz.resolve("docker-compose.yml"))));
        } catch (RuntimeException e) {
            return List.of("docker-compose.yml is not valid YAML: " + e.getMessage());
        }
        Map<String, Object> servicos = mapa(compose.get("services"));
        if (servicos.isEmpty()) {
            return List.of("no services");
        }
        Set<String> volumesDeclarados = compose.get("volumes") == null ? Set.of() : mapa(compose.get("volumes")).keySet();
        List<String> nos = new ArrayList<>();

        for (var entrada : servicos.entrySet()) {
            String nome = entrada.getKey();
            Map<String, Object> servico = mapa(entrada.getValue());
            if (servico.containsKey("build")) {
                nos.add(nome);
                verificarBuild(raiz, nome, servico.get("build"), problemas);
            } else if (!(servico.get("image") instanceof String imagem)) {
                problemas.add(nome + ": neither image nor build");
            } else if (!imagem.matches("[^:@]+(:[^:@]+|@sha256:[0-9a-f]{64})") || imagem.endsWith(":latest")) {
                problemas.add(nome + ": image " + imagem + " is not pinned to a version");
            }
            if (servico.containsKey("restart") && !"no".equals(String.valueOf(servico.get("restart")))
                && !REINICIOS.contains(String.valueOf(servico.get("restart")).split(":")[0])) {
                problemas.add(nome + ": unknown restart policy " + servico.get("restart"));
            }
            for (var dependencia : dependencias(servico.get("depends_on")).entrySet()) {
                String outro = dependencia.getKey();
                String condicao = dependencia.getValue();
                if (!servicos.containsKey(outro)) {
                    problemas.add(nome + ": depends_on " + outro + ", which is not defined");
                    continue;
                }
                if (!CONDICOES.contains(condicao)) {
                    problemas.add(nome + ": depends_on " + outro + " with unknown condition " + condicao);
                }
                if ("service_healthy".equals(condicao) && !temHealthcheck(mapa(servicos.get(outro)))) {
                    problemas.add(nome + ": waits for " + outro + " to be healthy, but " + outro + " has no healthcheck");
                }
            }
            if (servico.containsKey("healthcheck") && !temHealthcheck(servico)) {
                problemas.add(nome + ": healthcheck without a usable test");
            }
            verificarVolumes(raiz, nome, servico, volumesDeclarados, problemas);
        }
        verificarCiclos(servicos, problemas);
        verificarNos(servicos, nos, problemas);
        verificarMemoria(raiz, servicos, nos, problemas);
        verificarNginx(raiz, servicos, nos, problemas);
        verificarReplicacao(raiz, servicos, nos, problemas);
        verificarReplicaDeLeitura(servicos, nos, problemas);
        verificarMetricas(raiz, servicos, nos, problemas);
        return problemas;
    }

    /** The build context a service's {@code build} names, as compose reads it. */
    private static Path contexto(Path raiz, Object build) {
        String contexto = build instanceof String s ? s : String.valueOf(mapa(build).getOrDefault("context", "."));
        return raiz.resolve(contexto).normalize();
    }

    /** The Dockerfile a service's {@code build} names, in its context. */
    private static Path dockerfile(Path raiz, Object build) {
        String arquivo = build instanceof String ? "Dockerfile"
                : String.valueOf(mapa(build).getOrDefault("dockerfile", "Dockerfile"));
        return contexto(raiz, build).resolve(arquivo);
    }

    private static void verificarBuild(Path raiz, String nome, Object build, List<String> problemas) throws IOException {
        Path arquivo = dockerfile(raiz, build);
        Path diretorio = contexto(raiz, build);
        if (!Files.isRegularFile(arquivo)) {
            problemas.add(nome + ": build names " + raiz.relativize(arquivo) + ", which does not exist");
            return;
        }
        List<String> ignorados = Files.exists(diretorio.resolve(".dockerignore"))
                ? Files.readAllLines(diretorio.resolve(".dockerignore")) : List.of();
        Matcher copia = COPIA.matcher(Files.readString(arquivo));
        while (copia.find()) {
            List<String> partes = new ArrayList<>(List.of(copia.group(1).trim().split("\\s+")));
            partes.removeIf(p -> p.startsWith("--"));
            for (String origem : partes.subList(0, partes.size() - 1)) {
                if (ignorado(origem, ignorados)) {
                    problemas.add(nome + ": the Dockerfile copies " + origem + ", which .dockerignore leaves out");
                }
            }
        }
    }

    /**
     * Whether .dockerignore leaves this literal path out: the last matching rule wins. Only the rule shapes this
     * repository uses ({@code *}, {@code dir/}, {@code **}{@code /x}, literal paths and their "!" exceptions).
     */
    static boolean ignorado(String caminho, List<String> regras) {
        boolean fora = false;
        for (String linha : regras) {
            String regra = linha.trim();
            if (regra.isEmpty() || regra.startsWith("#")) {
                continue;
            }
            boolean excecao = regra.startsWith("!");
            String padrao = (excecao ? regra.substring(1) : regra).replaceAll("^/|/$", "");
            String regex = Pattern.quote(padrao).replace("**/", "\\E(?:.*/)?\\Q").replace("*", "\\E[^/]*\\Q");
            if (caminho.matches(regex + "(/.*)?")) {
                fora = !excecao;
            }
        }
        return fora;
    }

    private static void verificarVolumes(Path raiz, String nome, Map<String, Object> servico, Set<String> declarados,
                                         List<String> problemas) {
        if (servico.get("volumes") == null) {
            return;
        }
        for (Object volume : (List<?>) servico.get("volumes")) {
            String origem;
            if (volume instanceof String curto) {
                if (!curto.contains(":")) {
                    continue; // anonymous volume
                }
                origem = curto.substring(0, curto.indexOf(':'));
            } else {
                Map<String, Object> longo = mapa(volume);
                if ("tmpfs".equals(longo.get("type"))) {
                    continue;
                }
                origem = String.valueOf(longo.get("source"));
            }
            if (origem.startsWith(".") || origem.startsWith("/") || origem.startsWith("~")) {
                if (origem.startsWith(".") && !Files.exists(raiz.resolve(origem).normalize())) {
                    problemas.add(nome + ": mounts " + origem + ", which does not exist in the repository");
                }
            } else if (!declarados.contains(origem)) {
                problemas.add(nome + ": named volume " + origem + " is not declared under volumes");
            }
        }
    }

    private static void verificarCiclos(Map<String, Object> servicos, List<String> problemas) {
        for (String inicio : servicos.keySet()) {
            List<String> pendentes = new ArrayList<>(dependencias(mapa(servicos.get(inicio)).get("depends_on")).keySet());
            Set<String> vistos = new HashSet<>();
            while (!pendentes.isEmpty()) {
                String atual = pendentes.remove(pendentes.size() - 1);
                if (atual.equals(inicio)) {
                    problemas.add(inicio + ": depends_on cycle");
                    break;
                }
                if (vistos.add(atual) && servicos.containsKey(atual)) {
                    pendentes.addAll(dependencias(mapa(servicos.get(atual)).get("depends_on")).keySet());
                }
            }
        }
    }

    private static void verificarNos(Map<String, Object> servicos, List<String> nos, List<String> problemas) {
        if (nos.size() < 2) {
            problemas.add("expected at least two service nodes built from the repository, found " + nos);
            return;
        }
        Map<String, Set<Object>> valores = new LinkedHashMap<>();
        Map<Object, String> nomes = new LinkedHashMap<>();
        Set<String> variaveis = ambienteDosNos(servicos, nos);
        for (String no : nos) {
            Map<String, Object> servico = mapa(servicos.get(no));
            Map<String, Object> ambiente = ambiente(servico);
            Object token = ambiente.get("ADMIN_TOKEN");
            if (token == null || String.valueOf(token).isBlank()) {
                problemas.add(no + ": no ADMIN_TOKEN (a generated one would differ per node)");
            }
            Object chave = ambiente.get("SECRETS_KEY");
            if (chave == null || String.valueOf(chave).isBlank()) {
                problemas.add(no + ": no SECRETS_KEY (a generated one would differ per node, and each node would "
                              + "wrap webhook secrets the other cannot read)");
            }
            if (ambiente.get("DATABASE_URL") == null) {
                problemas.add(no + ": no DATABASE_URL (an embedded database of its own: it would share nothing)");
            }
            Object nome = ambiente.get("NODE_NAME");
            if (nome != null && nomes.putIfAbsent(nome, no) != null) {
                problemas.add(no + ": NODE_NAME " + nome + " is also " + nomes.get(nome) + "'s");
            }
            for (String variavel : variaveis) {
                if (!"NODE_NAME".equals(variavel)) {
                    valores.computeIfAbsent(variavel, v -> new HashSet<>()).add(ambiente.get(variavel));
                }
            }
            if (!REINICIOS.contains(String.valueOf(servico.get("restart")).split(":")[0])) {
                problemas.add(no + ": no restart policy");
            }
            if (!temHealthcheck(servico)) {
                problemas.add(no + ": no healthcheck");
            }
        }
        // replicas of one deployment: the same database (and with it the work: event processor segments, webhook
        // deliveries), the same operator token, the same settings; only their names differ
        valores.forEach((variavel, diferentes) -> {
            if (diferentes.size() > 1) {
                problemas.add("the nodes do not share " + variavel + ": " + diferentes);
            }
        });
    }

    private static Set<String> ambienteDosNos(Map<String, Object> servicos, List<String> nos) {
        Set<String> variaveis = new TreeSet<>();
        nos.forEach(no -> variaveis.addAll(ambiente(mapa(servicos.get(no))).keySet()));
        return variaveis;
    }

    /**
     * Each node runs under a memory limit, and the heap the Dockerfile's JVM takes from it leaves room for the rest
     * of the process: without a limit the JVM sizes its heap from the host's memory, and a node (about 300 MB
     * outside its heap, measured) whose limit is nearly all heap is killed by the kernel (decision 089).
     */
    private static void verificarMemoria(Path raiz, Map<String, Object> servicos, List<String> nos,
                                         List<String> problemas) throws IOException {
        for (String no : nos) {
            Map<String, Object> servico = mapa(servicos.get(no));
            Object valor = servico.get("mem_limit");
            if (valor == null && servico.get("deploy") instanceof Map<?, ?> deploy
                && deploy.get("resources") instanceof Map<?, ?> recursos
                && recursos.get("limits") instanceof Map<?, ?> limites) {
                valor = limites.get("memory");
            }
            if (valor == null) {
                problemas.add(no + ": no memory limit (mem_limit): the JVM would size its heap from the host's memory");
                continue;
            }
            Long limite = megabytes(valor);
            if (limite == null) {
                problemas.add(no + ": memory limit " + valor + " is not a size");
                continue;
            }
            Path dockerfile = dockerfile(raiz, servico.get("build"));
            if (!Files.isRegularFile(dockerfile)) {
                continue; // verificarBuild reports it
            }
            // The instructions only: a comment that names an option does not set it.
            String texto = Files.readAllLines(dockerfile).stream().filter(l -> !l.strip().startsWith("#"))
                                .collect(Collectors.joining("\n"));
            Matcher xmx = Pattern.compile("-Xmx(\\d+[kKmMgG]?)").matcher(texto);
            Matcher fracao = Pattern.compile("-XX:MaxRAMPercentage=(\\d+(?:\\.\\d+)?)").matcher(texto);
            long heap;
            if (xmx.find()) {
                Long maximo = megabytes(xmx.group(1));
                heap = maximo == null ? limite : maximo;
            } else {
                double percentual = fracao.find() ? Double.parseDouble(fracao.group(1)) : 25; // the JVM's default
                heap = (long) (limite * percentual / 100);
            }
            long fora = limite - heap;
            if (fora < FORA_DO_HEAP_MB) {
                problemas.add(no + ": " + limite + " MB of memory leaves " + fora + " MB outside the heap; a node needs "
                              + "about 300 MB there, and room to grow (at least " + FORA_DO_HEAP_MB + " MB)");
            }
        }
    }

    /** A size as compose and the JVM write it ({@code 2g}, {@code 1536m}, {@code 2gb}, bytes), in MB; null if none. */
    static Long megabytes(Object valor) {
        if (valor instanceof Number bytes) {
            return bytes.longValue() / (1024 * 1024);
        }
        Matcher tamanho = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([bkmg]?)b?", Pattern.CASE_INSENSITIVE)
                                 .matcher(String.valueOf(valor).trim());
        if (!tamanho.matches()) {
            return null;
        }
        double numero = Double.parseDouble(tamanho.group(1));
        double mb = switch (tamanho.group(2).toLowerCase()) {
            case "g" -> numero * 1024;
            case "m" -> numero;
            case "k" -> numero / 1024;
            default -> numero / (1024 * 1024);
        };
        return (long) mb;
    }

    private static void verificarNginx(Path raiz, Map<String, Object> servicos, List<String> nos,
                                       List<String> problemas) throws IOException {
        Path conf = raiz.resolve("deploy/nginx.conf");
        String balanceador = null;
        for (var entrada : servicos.entrySet()) {
            Object volumes = mapa(entrada.getValue()).get("volumes");
            if (volumes != null && ((List<?>) volumes).stream().anyMatch(v -> String.valueOf(v).contains("nginx.conf"))) {
                balanceador = entrada.getKey();
            }
        }
        if (balanceador == null) {
            problemas.add("no service mounts deploy/nginx.conf");
            return;
        }
        if (!Files.isRegularFile(conf)) {
            return; // already reported as a missing mount
        }
        Matcher bloco = BLOCO_UPSTREAM.matcher(Files.readString(conf));
        if (!bloco.find()) {
            problemas.add("deploy/nginx.conf has no upstream block");
            return;
        }
        Set<String> noUpstream = new HashSet<>();
        Matcher servidor = SERVIDOR_UPSTREAM.matcher(bloco.group(1));
        while (servidor.find()) {
            String host = servidor.group(1);
            noUpstream.add(host);
            if (!servicos.containsKey(host)) {
                problemas.add("deploy/nginx.conf: upstream server " + host + " is not a compose service");
            } else if (!"8080".equals(Objects.requireNonNullElse(servidor.group(2), "80"))) {
                problemas.add("deploy/nginx.conf: upstream server " + host + " is not on port 8080");
            }
        }
        Map<String, String> esperas = dependencias(mapa(servicos.get(balanceador)).get("depends_on"));
        for (String no : nos) {
            if (!noUpstream.contains(no)) {
                problemas.add("deploy/nginx.conf: node " + no + " is missing from the upstream");
            }
            if (!"service_healthy".equals(esperas.get(no))) {
                problemas.add(balanceador + ": does not wait for " + no + " to be healthy");
            }
        }
    }

    /**
     * The synchronous standby: a service of its own, on the primary's image and a volume of its own, that clones the
     * primary on its first start; the primary lists its name among the synchronous standbys and applies that list;
     * neither server acknowledges a commit before the standby has it; and the nodes' DATABASE_URL names both hosts
     * with targetServerType=primary, so that the driver connects to whichever accepts writes and follows a
     * promotion.
     */
    private static void verificarReplicacao(Path raiz, Map<String, Object> servicos, List<String> nos,
                                            List<String> problemas) throws IOException {
        if (!(servicos.get(PRIMARIO) instanceof Map<?, ?>)) {
            problemas.add("no " + PRIMARIO + " service (the primary PostgreSQL)");
            return;
        }
        if (!(servicos.get(STANDBY) instanceof Map<?, ?>)) {
            problemas.add("no " + STANDBY + " service: the primary has no synchronous standby");
            return;
        }
        Map<String, Object> primario = mapa(servicos.get(PRIMARIO));
        Map<String, Object> standby = mapa(servicos.get(STANDBY));
        if (!Objects.equals(primario.get("image"), standby.get("image"))) {
            problemas.add(STANDBY + ": image " + standby.get("image") + " is not the primary's " + primario.get("image"));
        }
        if (!"service_healthy".equals(dependencias(standby.get("depends_on")).get(PRIMARIO))) {
            problemas.add(STANDBY + ": does not wait for " + PRIMARIO + " to be healthy before cloning it");
        }
        String volumeDoPrimario = origemMontadaEm(primario, DADOS_DO_POSTGRES);
        if (volumeDoPrimario != null && volumeDoPrimario.equals(origemMontadaEm(standby, DADOS_DO_POSTGRES))) {
            problemas.add(STANDBY + ": shares the volume " + volumeDoPrimario + " with " + PRIMARIO);
        }
        if (!PRIMARIO.equals(ambiente(standby).get("PRIMARY_HOST"))) {
            problemas.add(STANDBY + ": PRIMARY_HOST is " + ambiente(standby).get("PRIMARY_HOST") + ", not " + PRIMARIO);
        }
        String entrada = String.valueOf(standby.get("entrypoint"));
        boolean clona = false;
        for (String[] montagem : montagens(standby)) {
            Path arquivo = raiz.resolve(montagem[0]).normalize();
            if (montagem[0].startsWith(".") && entrada.contains(montagem[1]) && Files.isRegularFile(arquivo)) {
                String script = Files.readString(arquivo);
                clona |= script.contains("pg_basebackup") && script.contains("--write-recovery-conf");
            }
        }
        if (!clona) {
            problemas.add(STANDBY + ": its entrypoint runs no script of the repository that clones the primary "
                          + "(pg_basebackup --write-recovery-conf)");
        }

        for (String nome : List.of(PRIMARIO, STANDBY)) {
            String commit = parametro(mapa(servicos.get(nome)), "synchronous_commit");
            if (commit != null && !Set.of("on", "remote_apply").contains(commit)) {
                problemas.add(nome + ": synchronous_commit=" + commit
                              + " acknowledges commits that the standby may not have");
            }
        }
        // Each server streams from the other while it is a standby: the standby now, the primary once it rejoins.
        for (String[] par : List.of(new String[] {PRIMARIO, STANDBY}, new String[] {STANDBY, PRIMARIO})) {
            String conexao = parametro(mapa(servicos.get(par[0])), "primary_conninfo");
            if (conexao == null || !List.of(conexao.split("\\s+")).contains("host=" + par[1])) {
                problemas.add(par[0] + ": primary_conninfo " + conexao + " does not name " + par[1]
                              + ", the server it streams from while it is a standby");
            }
        }
        // The name a standby reports is its cluster_name (primary_conninfo carries no application_name).
        String nomeDoStandby = parametro(standby, "cluster_name");
        if (nomeDoStandby == null) {
            problemas.add(STANDBY + ": no cluster_name on its command line, the name it reports to the primary");
        }
        Object sincronos = ambiente(primario).get("SYNCHRONOUS_STANDBY_NAMES");
        if (sincronos == null) {
            problemas.add(PRIMARIO + ": no SYNCHRONOUS_STANDBY_NAMES: its commits would not wait for the standby");
        } else if (nomeDoStandby != null && !nomesSincronos(String.valueOf(sincronos)).contains(nomeDoStandby)
                   && !nomesSincronos(String.valueOf(sincronos)).contains("*")) {
            problemas.add(PRIMARIO + ": SYNCHRONOUS_STANDBY_NAMES (" + sincronos + ") does not name " + STANDBY
                          + ", whose cluster_name is " + nomeDoStandby);
        }
        boolean aplicada = false;
        for (String[] montagem : montagens(primario)) {
            Path arquivo = raiz.resolve(montagem[0]).normalize();
            if (montagem[0].startsWith(".") && montagem[1].startsWith("/docker-entrypoint-initdb.d/")
                && Files.isRegularFile(arquivo)) {
                String script = Files.readString(arquivo);
                aplicada |= script.contains("ALTER SYSTEM SET synchronous_standby_names")
                            && script.contains("SYNCHRONOUS_STANDBY_NAMES");
            }
        }
        if (!aplicada) {
            problemas.add(PRIMARIO + ": no script in /docker-entrypoint-initdb.d applies SYNCHRONOUS_STANDBY_NAMES "
                          + "(ALTER SYSTEM SET synchronous_standby_names)");
        }

        for (String no : nos) {
            Object url = ambiente(mapa(servicos.get(no))).get("DATABASE_URL");
            if (url == null) {
                continue; // already reported
            }
            Matcher jdbc = URL_JDBC.matcher(String.valueOf(url));
            if (!jdbc.matches()) {
                problemas.add(no + ": DATABASE_URL " + url + " is not a JDBC URL (jdbc:postgresql://h1:5432,h2:5432/db)");
                continue;
            }
            Set<String> hosts = new TreeSet<>();
            for (String host : jdbc.group(1).split(",")) {
                hosts.add(host.strip().replaceFirst(":\\d+$", ""));
            }
            if (!hosts.contains(PRIMARIO) || !hosts.contains(STANDBY)) {
                problemas.add(no + ": DATABASE_URL names " + hosts + ", not both " + PRIMARIO + " and " + STANDBY);
            }
            List<String> parametros = jdbc.group(2) == null ? List.of() : List.of(jdbc.group(2).split("&"));
            if (!parametros.contains("targetServerType=primary")) {
                problemas.add(no + ": DATABASE_URL without targetServerType=primary: the driver could settle on the "
                              + "standby, which refuses writes, instead of following a promotion");
            }
        }
    }

    /**
     * The read replica: a hot standby of its own (primary's image, own volume, cloned by the same script) that the
     * primary's synchronous list does not name (a commit never waits for a replica), streaming from either server so
     * it follows a failover, and named by every node's DATABASE_REPLICA_URLS.
     */
    private static void verificarReplicaDeLeitura(Map<String, Object> servicos, List<String> nos,
                                                  List<String> problemas) {
        if (!(servicos.get(REPLICA) instanceof Map<?, ?>) || !(servicos.get(PRIMARIO) instanceof Map<?, ?>)
            || !(servicos.get(STANDBY) instanceof Map<?, ?>)) {
            problemas.add("no " + REPLICA + " service: the nodes have no read replica");
            return;
        }
        Map<String, Object> primario = mapa(servicos.get(PRIMARIO));
        Map<String, Object> replica = mapa(servicos.get(REPLICA));
        if (!Objects.equals(primario.get("image"), replica.get("image"))) {
            problemas.add(REPLICA + ": image " + replica.get("image") + " is not the primary's " + primario.get("image"));
        }
        String volume = origemMontadaEm(replica, DADOS_DO_POSTGRES);
        for (String outro : List.of(PRIMARIO, STANDBY)) {
            if (volume != null && volume.equals(origemMontadaEm(mapa(servicos.get(outro)), DADOS_DO_POSTGRES))) {
                problemas.add(REPLICA + ": shares the volume " + volume + " with " + outro);
            }
        }
        if (!Objects.equals(mapa(servicos.get(STANDBY)).get("entrypoint"), replica.get("entrypoint"))) {
            problemas.add(REPLICA + ": its entrypoint is not the standby's, which clones the primary");
        }
        String nome = parametro(replica, "cluster_name");
        Object sincronos = ambiente(primario).get("SYNCHRONOUS_STANDBY_NAMES");
        if (nome == null) {
            problemas.add(REPLICA + ": no cluster_name on its command line, the name it reports to the primary");
        } else if (sincronos != null && (nomesSincronos(String.valueOf(sincronos)).contains(nome)
                                         || nomesSincronos(String.valueOf(sincronos)).contains("*"))) {
            problemas.add(PRIMARIO + ": SYNCHRONOUS_STANDBY_NAMES (" + sincronos + ") names the read replica "
                          + nome + ": commits would wait for it");
        }
        String conexao = parametro(replica, "primary_conninfo");
        String hosts = conexao == null ? "" : List.of(conexao.split("\\s+")).stream()
                .filter(p -> p.startsWith("host=")).findFirst().orElse("");
        if (!List.of(hosts.replaceFirst("^host=", "").split(",")).containsAll(List.of(PRIMARIO, STANDBY))) {
            problemas.add(REPLICA + ": primary_conninfo " + conexao + " does not name both " + PRIMARIO + " and "
                          + STANDBY + ": it would stop replicating after a failover");
        }
        for (String no : nos) {
            Object urls = ambiente(mapa(servicos.get(no))).get("DATABASE_REPLICA_URLS");
            if (urls == null || !String.valueOf(urls).contains("//" + REPLICA + ":")) {
                problemas.add(no + ": DATABASE_REPLICA_URLS " + urls + " does not name " + REPLICA);
            }
        }
    }

    /**
     * Prometheus scrapes every node's /actuator/prometheus with the operator token the nodes share, and loads rule
     * files it has mounted; Grafana is provisioned with a datasource on that Prometheus under the uid the dashboard
     * names, and with a dashboard provider whose directory holds the mounted dashboard.
     */
    private static void verificarMetricas(Path raiz, Map<String, Object> servicos, List<String> nos,
                                          List<String> problemas) throws IOException {
        String prometheus = servicoQueMonta(servicos, "/etc/prometheus/prometheus.yml");
        if (prometheus == null) {
            problemas.add("no service mounts deploy/prometheus/prometheus.yml at /etc/prometheus/prometheus.yml");
            return;
        }
        Map<String, Object> servico = mapa(servicos.get(prometheus));
        Path arquivo = raiz.resolve(origemMontadaEm(servico, "/etc/prometheus/prometheus.yml")).normalize();
        if (!Files.isRegularFile(arquivo)) {
            return; // already reported as a missing mount
        }
        Map<String, Object> config = mapa(new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(arquivo)));
        for (Object regras : config.get("rule_files") instanceof List<?> l ? l : List.of()) {
            if (origemMontadaEm(servico, String.valueOf(regras)) == null) {
                problemas.add(prometheus + ": rule file " + regras + " is not mounted");
            }
        }
        Set<String> alvos = new TreeSet<>();
        for (Object item : config.get("scrape_configs") instanceof List<?> l ? l : List.of()) {
            Map<String, Object> raspagem = mapa(item);
            if (!"/actuator/prometheus".equals(raspagem.get("metrics_path"))) {
                continue;
            }
            Object credenciais = raspagem.get("authorization") instanceof Map<?, ?> a ? a.get("credentials_file") : null;
            String entrada = String.valueOf(servico.get("entrypoint"));
            if (credenciais == null || !entrada.contains("ADMIN_TOKEN") || !entrada.contains(credenciais + " ")) {
                problemas.add(prometheus + ": /actuator/prometheus needs the operator token, but the scrape's "
                              + "credentials_file " + credenciais + " is not written from ADMIN_TOKEN at start");
            }
            for (Object estatico : raspagem.get("static_configs") instanceof List<?> l ? l : List.of()) {
                for (Object alvo : mapa(estatico).get("targets") instanceof List<?> l ? l : List.of()) {
                    alvos.add(String.valueOf(alvo));
                }
            }
        }
        for (String alvo : alvos) {
            if (!servicos.containsKey(alvo.replaceFirst(":\\d+$", ""))) {
                problemas.add("deploy/prometheus/prometheus.yml: target " + alvo + " is not a compose service");
            }
        }
        for (String no : nos) {
            if (!alvos.contains(no + ":8080")) {
                problemas.add("deploy/prometheus/prometheus.yml: node " + no + ":8080 is not scraped at /actuator/prometheus");
            }
            Object token = ambiente(mapa(servicos.get(no))).get("ADMIN_TOKEN");
            if (!Objects.equals(token, ambiente(servico).get("ADMIN_TOKEN"))) {
                problemas.add(prometheus + ": its ADMIN_TOKEN is not the nodes' " + token);
            }
        }

        String grafana = servicoQueMonta(servicos, "/etc/grafana/provisioning");
        if (grafana == null) {
            problemas.add("no service mounts deploy/grafana/provisioning at /etc/grafana/provisioning");
            return;
        }
        Map<String, Object> servicoGrafana = mapa(servicos.get(grafana));
        Path provisionamento = raiz.resolve(origemMontadaEm(servicoGrafana, "/etc/grafana/provisioning")).normalize();
        Set<String> uids = new TreeSet<>();
        for (Map<String, Object> fonte : itensProvisionados(provisionamento.resolve("datasources"), "datasources")) {
            uids.add(String.valueOf(fonte.get("uid")));
            if (!String.valueOf(fonte.get("url")).equals("http://" + prometheus + ":9090")) {
                problemas.add(grafana + ": datasource " + fonte.get("uid") + " is not http://" + prometheus + ":9090");
            }
        }
        List<Map<String, Object>> provedores = itensProvisionados(provisionamento.resolve("dashboards"), "providers");
        if (provedores.isEmpty()) {
            problemas.add(grafana + ": no dashboard provider under deploy/grafana/provisioning/dashboards");
        }
        for (Map<String, Object> provedor : provedores) {
            String diretorio = String.valueOf(mapa(provedor.get("options")).get("path"));
            List<String[]> paineis = montagens(servicoGrafana).stream()
                    .filter(m -> m[1].startsWith(diretorio + "/") && m[1].endsWith(".json")).toList();
            if (paineis.isEmpty()) {
                problemas.add(grafana + ": no dashboard mounted in the provider's directory " + diretorio);
            }
            for (String[] painel : paineis) {
                Path json = raiz.resolve(painel[0]).normalize();
                if (!Files.isRegularFile(json)) {
                    continue; // already reported as a missing mount
                }
                Set<String> usados = new TreeSet<>();
                new ObjectMapper().readTree(json.toFile()).findValues("datasource").forEach(fonte -> {
                    if (fonte.hasNonNull("uid") && !fonte.get("uid").asText().startsWith("$")) {
                        usados.add(fonte.get("uid").asText());
                    }
                });
                for (String usado : usados) {
                    if (!uids.contains(usado)) {
                        problemas.add(painel[0] + ": datasource uid " + usado + " is not provisioned " + uids);
                    }
                }
            }
        }
    }

    private static String servicoQueMonta(Map<String, Object> servicos, String destino) {
        for (var entrada : servicos.entrySet()) {
            if (origemMontadaEm(mapa(entrada.getValue()), destino) != null) {
                return entrada.getKey();
            }
        }
        return null;
    }

    /** The entries under {@code chave} of every YAML file in a Grafana provisioning directory. */
    private static List<Map<String, Object>> itensProvisionados(Path diretorio, String chave) throws IOException {
        List<Map<String, Object>> itens = new ArrayList<>();
        if (!Files.isDirectory(diretorio)) {
            return itens;
        }
        try (Stream<Path> arquivos = Files.list(diretorio)) {
            for (Path arquivo : arquivos.filter(a -> a.toString().matches(".*\\.ya?ml")).sorted().toList()) {
                Object lista = mapa(new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(arquivo)))
                        .get(chave);
                for (Object item : lista instanceof List<?> l ? l : List.of()) {
                    itens.add(mapa(item));
                }
            }
        }
        return itens;
    }

    /** A {@code -c name=value} setting of a service's command line (a list or one string); null when absent. */
    private static String parametro(Map<String, Object> servico, String nome) {
        Object comando = servico.get("command");
        List<String> partes = comando instanceof List<?> lista ? lista.stream().map(String::valueOf).toList()
                : comando == null ? List.of() : List.of(String.valueOf(comando).split("\\s+"));
        String valor = null;
        for (int i = 0; i + 1 < partes.size(); i++) {
            if ("-c".equals(partes.get(i)) && partes.get(i + 1).startsWith(nome + "=")) {
                valor = partes.get(i + 1).substring(nome.length() + 1); // the last one wins, as for postgres
            }
        }
        return valor;
    }

    /** The names a synchronous_standby_names value lists: {@code ANY 1 (a, b)}, {@code FIRST 1 (a)}, {@code 1 (a)}, {@code a, b}. */
    static Set<String> nomesSincronos(String valor) {
        String lista = valor.strip().replaceFirst("(?i)^(ANY|FIRST)\\s+", "").replaceFirst("^\\d+\\s*\\((.*)\\)$", "$1");
        Set<String> nomes = new TreeSet<>();
        for (String nome : lista.split(",")) {
            if (!nome.isBlank()) {
                nomes.add(nome.strip().replaceAll("^\"|\"$", ""));
            }
        }
        return nomes;
    }

    /** A service's mounts as {source, target}. */
    private static List<String[]> montagens(Map<String, Object> servico) {
        List<String[]> montagens = new ArrayList<>();
        if (!(servico.get("volumes") instanceof List<?> volumes)) {
            return montagens;
        }
        for (Object volume : volumes) {
            if (volume instanceof String curto) {
                String[] partes = curto.split(":");
                if (partes.length >= 2) {
                    montagens.add(new String[] {partes[0], partes[1]});
                }
            } else {
                Map<String, Object> longo = mapa(volume);
                montagens.add(new String[] {String.valueOf(longo.get("source")), String.valueOf(longo.get("target"))});
            }
        }
        return montagens;
    }

    private static String origemMontadaEm(Map<String, Object> servico, String destino) {
        return montagens(servico).stream().filter(m -> m[1].equals(destino)).map(m -> m[0]).findFirst().orElse(null);
    }

    /** depends_on as a list (condition service_started) or as a map of conditions. */
    private static Map<String, String> dependencias(Object dependsOn) {
        Map<String, String> resultado = new LinkedHashMap<>();
        if (dependsOn instanceof List<?> lista) {
            lista.forEach(nome -> resultado.put(String.valueOf(nome), "service_started"));
        } else if (dependsOn != null) {
            mapa(dependsOn).forEach((nome, valor) -> resultado.put(nome,
                    String.valueOf(valor == null ? "service_started" : mapa(valor).getOrDefault("condition", "service_started"))));
        }
        return resultado;
    }

    private static boolean temHealthcheck(Map<String, Object> servico) {
        if (!(servico.get("healthcheck") instanceof Map<?, ?> saude) || Boolean.TRUE.equals(saude.get("disable"))) {
            return false;
        }
        Object teste = saude.get("test");
        if (teste instanceof String comando) {
            return !comando.isBlank();
        }
        return teste instanceof List<?> lista && lista.size() >= 2
               && List.of("CMD", "CMD-SHELL").contains(String.valueOf(lista.get(0)));
    }

    private static Map<String, Object> ambiente(Map<String, Object> servico) {
        Object ambiente = servico.get("environment");
        Map<String, Object> resultado = new LinkedHashMap<>();
        if (ambiente instanceof List<?> lista) {
            for (Object item : lista) {
                String[] partes = String.valueOf(item).split("=", 2);
                resultado.put(partes[0], partes.length > 1 ? partes[1] : null);
            }
        } else if (ambiente != null) {
            resultado.putAll(mapa(ambiente));
        }
        return resultado;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapa(Object valor) {
        if (valor instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalStateException("expected a mapping, found " + valor);
    }

    private static Path raizDoRepositorio() {
        Path atual = Path.of("").toAbsolutePath();
        while (atual != null && !Files.exists(atual.resolve("docker-compose.yml"))) {
            atual = atual.getParent();
        }
        assertThat(atual).as("docker-compose.yml above the working directory").isNotNull();
        return atual;
    }

    /** A copy of the real files in a temporary directory, checked clean before a test breaks it. */
    private Path copia() throws IOException {
        Path raiz = raizDoRepositorio();
        for (String arquivo : List.of("docker-compose.yml", "Dockerfile", ".dockerignore")) {
            Files.copy(raiz.resolve(arquivo), temporario.resolve(arquivo));
        }
        try (Stream<Path> implantacao = Files.walk(raiz.resolve("deploy"))) {
            for (Path origem : implantacao.toList()) {
                Path destino = temporario.resolve(raiz.relativize(origem).toString());
                if (Files.isDirectory(origem)) {
                    Files.createDirectories(destino);
                } else {
                    Files.copy(origem, destino);
                }
            }
        }
        assertThat(problemas(temporario)).as("the copy before it is broken").isEmpty();
        return temporario;
    }

    private Path copiaComCompose(UnaryOperator<String> mudanca) throws IOException {
        return copiaCom("docker-compose.yml", mudanca);
    }

    /** A clean copy of the real files with one of them changed; the change must change it. */
    private Path copiaCom(String arquivo, UnaryOperator<String> mudanca) throws IOException {
        Path copia = copia();
        String original = Files.readString(copia.resolve(arquivo));
        String mudado = mudanca.apply(original);
        assertThat(mudado).as("the change applies to " + arquivo).isNotEqualTo(original);
        Files.writeString(copia.resolve(arquivo), mudado);
        return copia;
    }
}
