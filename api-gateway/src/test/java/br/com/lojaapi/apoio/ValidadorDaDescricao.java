package br.com.lojaapi.apoio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.path.PathType;
import com.networknt.schema.dialect.Dialects;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks HTTP exchanges against the OpenAPI 3.1 description the application serves: the operation (method and path
 * template), the status, the content type and, for JSON, the body against the schema, with the networknt validator
 * in its OpenAPI 3.1 dialect (JSON Schema 2020-12) resolving {@code $ref}s inside the document.
 *
 * <p>What is read from the description, and how:
 * <ul>
 * <li>Paths are matched after the path of the first server URL ({@code /v1}, whether the URL is absolute or
 * relative); a path outside that prefix ({@code /admin}, {@code /actuator}) and the description's own pages
 * ({@code /v1/openapi.json}, {@code /v1/docs}, {@code /v1/swagger-ui}) are not described, and are
 * {@link Situacao#FORA fora}. Literal segments win over templates, left to right, as OpenAPI says.</li>
 * <li>A path that matches no template is a divergence unless the answer is 404 (there is nothing to describe); a
 * described path without the method is a divergence unless the answer is 405. HEAD uses GET's operation.</li>
 * <li>The status must be declared, by its code, its range ({@code 4XX}) or {@code default}.</li>
 * <li>The content type (parameters aside) must be declared for that status, exactly, as {@code type/*} or as
 * {@code *}{@code /*}. An empty body is right where nothing is declared, for 204 and 304, and for HEAD.</li>
 * <li>A JSON body (the type is {@code application/json} or {@code +json}) must validate against the declared schema.
 * Objects are read closed: a schema that lists properties and says nothing of others does not accept others (as
 * {@code unevaluatedProperties: false}, so that {@code allOf} still composes), because a field the description does
 * not name is exactly the drift these checks are for ({@code additionalProperties: false} on plain objects).</li>
 * </ul>
 */
public final class ValidadorDaDescricao {

    public static final String CAMINHO_DA_DESCRICAO = "/v1/openapi.json";
    private static final List<String> PAGINAS_DA_DESCRICAO = List.of("/v1/openapi.json", "/v1/docs", "/v1/swagger-ui");
    /** The document's identifier for the validator: never fetched, the registry holds the document under it. */
    private static final String ENDERECO = "urn:lojaapi:descricao-servida";
    /** The document as written, for request bodies: the service ignores request fields it does not know. */
    private static final String ENDERECO_ABERTO = "urn:lojaapi:descricao-como-escrita";
    private static final List<String> METODOS = List.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, ValidadorDaDescricao> POR_BASE = new ConcurrentHashMap<>();

    private final JsonNode descricao;
    /** The description read closed (see {@link #fechar}): what the schemas are taken from. */
    private final JsonNode fechada;
    private final String prefixo;
    private final SchemaRegistry registro;
    private final Map<String, Schema> esquemas = new ConcurrentHashMap<>();
    private final Map<String, Schema> esquemasAbertos = new ConcurrentHashMap<>();

    private ValidadorDaDescricao(String documento) {
        try {
            this.descricao = JSON.readTree(documento);
        } catch (IOException e) {
            throw new IllegalArgumentException("a descrição não é JSON", e);
        }
        this.prefixo = prefixo(descricao);
        this.fechada = fechar(descricao.deepCopy());
        String documentoFechado = fechada.toString();
        this.registro = SchemaRegistry.withDialect(Dialects.getOpenApi31(),
                construtor -> construtor.schemas(Map.of(ENDERECO, documentoFechado, ENDERECO_ABERTO, documento))
                                        .schemaRegistryConfig(SchemaRegistryConfig.builder()
                                                                                  .pathType(PathType.JSON_PATH)
                                                                                  .build()));
    }

    /** A validator of the given document (for tests of the validator itself). */
    public static ValidadorDaDescricao de(String documento) {
        return new ValidadorDaDescricao(documento);
    }

    /** The validator of the description served by the application at {@code base}, fetched once per base URL. */
    public static ValidadorDaDescricao doServidor(String base) {
        return POR_BASE.computeIfAbsent(base, ValidadorDaDescricao::buscar);
    }

    private static ValidadorDaDescricao buscar(String base) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                                    .connectTimeout(Duration.ofSeconds(5)).build();
        try {
            HttpResponse<String> resposta = http.send(HttpRequest.newBuilder(URI.create(base + CAMINHO_DA_DESCRICAO))
                                                                 .timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (resposta.statusCode() != 200) {
                throw new IllegalStateException(CAMINHO_DA_DESCRICAO + " respondeu " + resposta.statusCode());
            }
            guardarCopia(resposta.body());
            return new ValidadorDaDescricao(resposta.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The document as served, beside the divergences, for whoever reads them. */
    private static void guardarCopia(String documento) {
        try {
            Path alvo = Path.of("target", "descricao-servida.json");
            Files.createDirectories(alvo.getParent());
            Files.writeString(alvo, documento);
        } catch (IOException | RuntimeException e) {
            // only a convenience
        }
    }

    public enum Situacao { CONFORME, DIVERGENTE, FORA }

    /** The outcome of one check: the operation it was read against ({@code GET /pedidos/{id}}) and what differs. */
    public record Veredito(Situacao situacao, String operacao, List<String> problemas) {
        static Veredito fora(String motivo) {
            return new Veredito(Situacao.FORA, null, List.of(motivo));
        }
    }

    /** One response against the operation's declared responses. */
    public Veredito resposta(String metodo, String caminho, int status, String tipo, String corpo) {
        Localizada localizada = localizar(metodo, caminho, status);
        if (localizada.veredito() != null) {
            return localizada.veredito();
        }
        Operacao operacao = localizada.operacao();
        List<String> problemas = new ArrayList<>();
        No respostas = resolver(operacao.no().path("responses"), operacao.ponteiro() + "/responses");
        String codigo = codigoDeclarado(respostas.no(), status);
        if (codigo == null) {
            List<String> declarados = new ArrayList<>();
            respostas.no().fieldNames().forEachRemaining(declarados::add);
            problemas.add("status " + status + " não declarado (declarados: " + declarados + ")");
            return new Veredito(Situacao.DIVERGENTE, operacao.nome(), problemas);
        }
        No declarada = resolver(respostas.no().get(codigo), respostas.ponteiro() + "/" + escapar(codigo));
        boolean vazio = corpo == null || corpo.isEmpty();
        if (operacao.head()) {
            return new Veredito(Situacao.CONFORME, operacao.nome(), problemas);
        }
        JsonNode conteudo = declarada.no().path("content");
        if (vazio) {
            if (conteudo.isObject() && conteudo.size() > 0 && status != 204 && status != 304) {
                problemas.add("corpo vazio, e a descrição declara " + chaves(conteudo) + " para " + codigo);
            }
        } else {
            conferirConteudo("resposta " + codigo, declarada, tipo, corpo, problemas, true);
        }
        return new Veredito(problemas.isEmpty() ? Situacao.CONFORME : Situacao.DIVERGENTE, operacao.nome(), problemas);
    }

    /** One request body against the operation's {@code requestBody}. */
    public Veredito requisicao(String metodo, String caminho, String tipo, String corpo) {
        Localizada localizada = localizar(metodo, caminho, 0);
        if (localizada.veredito() != null) {
            return localizada.veredito();
        }
        Operacao operacao = localizada.operacao();
        List<String> problemas = new ArrayList<>();
        boolean vazio = corpo == null || corpo.isEmpty();
        JsonNode bruto = operacao.no().get("requestBody");
        if (bruto == null) {
            if (!vazio) {
                problemas.add("requisição com corpo, e a operação não declara requestBody");
            }
        } else {
            No corpoDeclarado = resolver(bruto, operacao.ponteiro() + "/requestBody");
            if (vazio) {
                if (corpoDeclarado.no().path("required").asBoolean(false)) {
                    problemas.add("requisição sem corpo, e o requestBody é obrigatório");
                }
            } else {
                // open: the service ignores fields it does not know (categoriaPaiId, prices sent), as written
                conferirConteudo("requestBody", corpoDeclarado, tipo, corpo, problemas, false);
            }
        }
        return new Veredito(problemas.isEmpty() ? Situacao.CONFORME : Situacao.DIVERGENTE, operacao.nome(), problemas);
    }

    /** Content type declared, and for JSON the body against the schema; {@code onde} names the declaration. */
    private void conferirConteudo(String onde, No declarada, String tipo, String corpo, List<String> problemas,
                                  boolean fechado) {
        JsonNode conteudo = declarada.no().path("content");
        if (!conteudo.isObject() || conteudo.size() == 0) {
            problemas.add("corpo de " + tipo + ", e " + onde + " não declara conteúdo");
            return;
        }
        if (tipo == null || tipo.isBlank()) {
            problemas.add("corpo sem Content-Type (" + onde + " declara " + chaves(conteudo) + ")");
            return;
        }
        String tipoDeMidia = tipoDeMidia(tipo);
        String chave = midiaDeclarada(conteudo, tipoDeMidia);
        if (chave == null) {
            problemas.add("Content-Type " + tipoDeMidia + " não declarado (" + onde + " declara " + chaves(conteudo)
                    + ")");
            return;
        }
        String ponteiroDaMidia = declarada.ponteiro() + "/content/" + escapar(chave);
        No midia = resolver(conteudo.get(chave), ponteiroDaMidia);
        if (!eJson(tipoDeMidia) || !midia.no().has("schema")) {
            return;
        }
        JsonNode valor;
        try {
            valor = JSON.readTree(corpo);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            problemas.add("corpo declarado " + tipoDeMidia + " não é JSON: " + e.getOriginalMessage());
            return;
        }
        problemas.addAll(semCascata(esquema(midia.ponteiro() + "/schema", fechado).validate(valor)));
    }

    /**
     * The errors, less the {@code unevaluatedProperties} ones on an object that has another error (on it or
     * inside it): JSON Schema drops what a failed subschema evaluated, so there they name every field of the object
     * and not a field the description lacks.
     */
    private static List<String> semCascata(List<Error> erros) {
        List<String> outros = new ArrayList<>();
        for (Error erro : erros) {
            if (!"unevaluatedProperties".equals(erro.getKeyword())) {
                outros.add(String.valueOf(erro.getInstanceLocation()));
            }
        }
        List<String> problemas = new ArrayList<>();
        for (Error erro : erros) {
            String onde = String.valueOf(erro.getInstanceLocation());
            boolean cascata = "unevaluatedProperties".equals(erro.getKeyword())
                    && outros.stream().anyMatch(o -> o.equals(onde) || o.startsWith(onde + ".")
                    || o.startsWith(onde + "["));
            if (!cascata) {
                problemas.add(erro.toString());
            }
        }
        return problemas;
    }

    private Schema esquema(String ponteiro, boolean fechado) {
        return (fechado ? esquemas : esquemasAbertos).computeIfAbsent(ponteiro, p -> {
            Schema esquema = registro.getSchema(SchemaLocation.of((fechado ? ENDERECO : ENDERECO_ABERTO) + "#"
                                                                  + fragmento(p)));
            esquema.initializeValidators();
            return esquema;
        });
    }

    // ------------------------------------------------------------------ operations

    private record Operacao(String nome, String ponteiro, JsonNode no, boolean head) {
    }

    private record Localizada(Operacao operacao, Veredito veredito) {
    }

    private record No(JsonNode no, String ponteiro) {
    }

    /** The operation for (method, path); or the verdict when there is none ({@code status} 0: a request). */
    private Localizada localizar(String metodo, String caminhoComConsulta, int status) {
        String caminho = caminhoComConsulta.split("[?#]", 2)[0];
        for (String pagina : PAGINAS_DA_DESCRICAO) {
            if (caminho.equals(pagina) || caminho.startsWith(pagina + "/")) {
                return new Localizada(null, Veredito.fora("páginas da própria descrição"));
            }
        }
        if (!(caminho.equals(prefixo) || caminho.startsWith(prefixo + "/"))) {
            return new Localizada(null, Veredito.fora("fora do servidor descrito (" + primeiroSegmento(caminho) + ")"));
        }
        String relativo = caminho.substring(prefixo.length());
        String modelo = modeloDoCaminho(relativo.isEmpty() ? "/" : relativo);
        if (modelo == null) {
            if (status == 404 || status == 0) {
                return new Localizada(null, Veredito.fora("caminho inexistente, 404"));
            }
            return new Localizada(null, new Veredito(Situacao.DIVERGENTE, metodo + " " + relativo,
                    List.of("caminho não descrito")));
        }
        No item = resolver(descricao.path("paths").get(modelo), "/paths/" + escapar(modelo));
        String chave = metodo.toLowerCase(Locale.ROOT);
        boolean head = chave.equals("head") && !item.no().has("head");
        if (head) {
            chave = "get";
        }
        String nome = metodo.toUpperCase(Locale.ROOT) + " " + modelo;
        if (!item.no().has(chave)) {
            if (status == 405 || status == 0) {
                return new Localizada(null, Veredito.fora("método não descrito, 405"));
            }
            return new Localizada(null, new Veredito(Situacao.DIVERGENTE, nome,
                    List.of("operação não descrita (o caminho descreve " + metodos(item.no()) + ")")));
        }
        return new Localizada(new Operacao(nome, item.ponteiro() + "/" + chave, item.no().get(chave), head), null);
    }

    /** The description's path template for a path relative to the server; literal segments win, left to right. */
    String modeloDoCaminho(String caminho) {
        String[] segmentos = caminho.split("/", -1);
        String melhor = null;
        boolean[] melhorLiteral = null;
        for (Iterator<String> modelos = descricao.path("paths").fieldNames(); modelos.hasNext(); ) {
            String modelo = modelos.next();
            String[] partes = modelo.split("/", -1);
            if (partes.length != segmentos.length) {
                continue;
            }
            boolean[] literal = new boolean[partes.length];
            boolean casa = true;
            for (int i = 0; i < partes.length && casa; i++) {
                literal[i] = !partes[i].contains("{");
                casa = literal[i] ? partes[i].equals(segmentos[i])
                        : !segmentos[i].isEmpty() && segmentos[i].matches(regexDoSegmento(partes[i]));
            }
            if (casa && (melhor == null || maisLiteral(literal, melhorLiteral))) {
                melhor = modelo;
                melhorLiteral = literal;
            }
        }
        return melhor;
    }

    private static boolean maisLiteral(boolean[] a, boolean[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return a[i];
            }
        }
        return false;
    }

    /** {@code {id}.pdf} as {@code [^/]+\.pdf}. */
    private static String regexDoSegmento(String parte) {
        StringBuilder regex = new StringBuilder();
        int i = 0;
        while (i < parte.length()) {
            int abre = parte.indexOf('{', i);
            if (abre < 0) {
                regex.append(java.util.regex.Pattern.quote(parte.substring(i)));
                break;
            }
            if (abre > i) {
                regex.append(java.util.regex.Pattern.quote(parte.substring(i, abre)));
            }
            regex.append("[^/]+");
            i = parte.indexOf('}', abre) + 1;
        }
        return regex.toString();
    }

    private static String codigoDeclarado(JsonNode respostas, int status) {
        String exato = String.valueOf(status);
        if (respostas.has(exato)) {
            return exato;
        }
        String faixa = (status / 100) + "XX";
        for (Iterator<String> codigos = respostas.fieldNames(); codigos.hasNext(); ) {
            String codigo = codigos.next();
            if (codigo.equalsIgnoreCase(faixa)) {
                return codigo;
            }
        }
        return respostas.has("default") ? "default" : null;
    }

    /** The declared media type key for an actual one: exact, then {@code type/*}, then {@code *}{@code /*}. */
    private static String midiaDeclarada(JsonNode conteudo, String tipo) {
        String faixa = tipo.substring(0, Math.max(tipo.indexOf('/'), 0)) + "/*";
        String achada = null;
        int prioridade = 0;
        for (Iterator<String> chaves = conteudo.fieldNames(); chaves.hasNext(); ) {
            String chave = chaves.next();
            String declarado = tipoDeMidia(chave);
            int esta = declarado.equals(tipo) ? 3 : declarado.equals(faixa) ? 2 : declarado.equals("*/*") ? 1 : 0;
            if (esta > prioridade) {
                prioridade = esta;
                achada = chave;
            }
        }
        return achada;
    }

    static String tipoDeMidia(String cabecalho) {
        return cabecalho.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    }

    private static boolean eJson(String tipo) {
        return tipo.endsWith("/json") || tipo.endsWith("+json");
    }

    // ------------------------------------------------------------------ the document

    /** Follows local {@code $ref}s (path items, responses, request bodies, media), keeping where the node lives. */
    private No resolver(JsonNode no, String ponteiro) {
        JsonNode atual = no;
        String onde = ponteiro;
        for (int passos = 0; atual != null && atual.has("$ref") && passos < 20; passos++) {
            String ref = atual.get("$ref").asText();
            if (!ref.startsWith("#/")) {
                throw new IllegalArgumentException("referência fora do documento: " + ref);
            }
            onde = ref.substring(1);
            atual = descricao.at(onde);
            if (atual.isMissingNode()) {
                throw new IllegalArgumentException("referência sem alvo: " + ref);
            }
        }
        return new No(atual == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : atual, onde);
    }

    private static String prefixo(JsonNode descricao) {
        String url = descricao.at("/servers/0/url").asText("");
        String caminho = url.isEmpty() ? "" : URI.create(url).getRawPath();
        if (caminho == null) {
            caminho = "";
        }
        return caminho.endsWith("/") ? caminho.substring(0, caminho.length() - 1) : caminho;
    }

    private static String primeiroSegmento(String caminho) {
        int fim = caminho.indexOf('/', 1);
        return fim < 0 ? caminho : caminho.substring(0, fim);
    }

    private static List<String> metodos(JsonNode item) {
        List<String> metodos = new ArrayList<>();
        for (String metodo : METODOS) {
            if (item.has(metodo)) {
                metodos.add(metodo.toUpperCase(Locale.ROOT));
            }
        }
        return metodos;
    }

    private static List<String> chaves(JsonNode objeto) {
        List<String> chaves = new ArrayList<>();
        objeto.fieldNames().forEachRemaining(chaves::add);
        return chaves;
    }

    /** One JSON Pointer token. */
    private static String escapar(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    /**
     * A JSON Pointer as a URI fragment. The validator unescapes {@code ~0}/{@code ~1} before it percent-decodes, so
     * only what a URI cannot carry is percent-encoded ({@code {id}}, spaces), never the tilde.
     */
    private static String fragmento(String ponteiro) {
        StringBuilder fragmento = new StringBuilder();
        for (char c : ponteiro.toCharArray()) {
            if (c == '%' || c == '{' || c == '}' || c == ' ' || c == '"' || c == '<' || c == '>' || c == '\\'
                    || c == '^' || c == '`' || c == '|' || c == '#' || c == '[' || c == ']' || c > 126) {
                for (byte b : String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    fragmento.append('%').append(String.format("%02X", b));
                }
            } else {
                fragmento.append(c);
            }
        }
        return fragmento.toString();
    }

    // ------------------------------------------------------------------ closed objects

    private static final String COMPONENTES = "#/components/schemas/";
    /** The suffix of the open copy of a component that an {@code allOf} composes. */
    private static final String ABERTO = "__aberto_para_allOf";

    /**
     * The description read closed: every schema that lists {@code properties}, or composes with {@code allOf}, and
     * says nothing of other properties gets {@code additionalProperties: false}, or {@code unevaluatedProperties:
     * false} where it composes (so that the properties of its {@code allOf}, {@code anyOf} or {@code oneOf} count). The members of an {@code allOf}
     * stay open (the composing schema closes them all at once): a component that is one gets an open copy, which
     * the {@code allOf} then references, so that the component stays closed wherever else it is used.
     */
    private static JsonNode fechar(JsonNode documento) {
        if (!(documento.path("components").path("schemas") instanceof ObjectNode componentes)) {
            fecharUsos(documento);
            return documento;
        }
        Set<String> membros = new HashSet<>();
        abrirMembrosDeAllOf(documento, membros);
        for (String membro : membros) {
            JsonNode original = componentes.get(membro);
            if (original != null) {
                componentes.set(membro + ABERTO, original.deepCopy());
            }
        }
        List<String> nomes = new ArrayList<>();
        componentes.fieldNames().forEachRemaining(nomes::add);
        for (String nome : nomes) {
            fecharEsquema(componentes.get(nome), nome.endsWith(ABERTO));
        }
        fecharUsos(documento);
        return documento;
    }

    /** Points every {@code allOf} member that references a component to its open copy, collecting their names. */
    private static void abrirMembrosDeAllOf(JsonNode no, Set<String> membros) {
        if (no.isObject()) {
            for (JsonNode membro : no.path("allOf")) {
                String ref = membro.path("$ref").asText("");
                if (ref.startsWith(COMPONENTES) && membro instanceof ObjectNode objeto) {
                    membros.add(ref.substring(COMPONENTES.length()));
                    objeto.put("$ref", ref + ABERTO);
                }
            }
        }
        no.forEach(filho -> abrirMembrosDeAllOf(filho, membros));
    }

    /** The inline schemas of parameters, bodies and responses ({@code schema} keys outside components.schemas). */
    private static void fecharUsos(JsonNode no) {
        if (no.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> campos = no.fields(); campos.hasNext(); ) {
                Map.Entry<String, JsonNode> campo = campos.next();
                if (campo.getKey().equals("schema") && campo.getValue().isObject()) {
                    fecharEsquema(campo.getValue(), false);
                } else if (!campo.getKey().equals("schemas") && !campo.getKey().equals("examples")
                        && !campo.getKey().equals("example")) {
                    fecharUsos(campo.getValue());
                }
            }
        } else if (no.isArray()) {
            no.forEach(ValidadorDaDescricao::fecharUsos);
        }
    }

    private static void fecharEsquema(JsonNode no, boolean aberto) {
        if (!(no instanceof ObjectNode esquema) || esquema.has("$ref")) {
            return;
        }
        boolean compoe = esquema.has("allOf") || esquema.has("anyOf") || esquema.has("oneOf");
        boolean declaraCampos = esquema.path("properties").isObject() || esquema.has("allOf");
        if (declaraCampos && !aberto && !esquema.has("additionalProperties")
                && !esquema.has("unevaluatedProperties") && !esquema.has("patternProperties")) {
            // additionalProperties where it is enough: it does not depend on the other keywords passing, so one
            // wrong field does not also make every other field "unevaluated".
            esquema.set(compoe ? "unevaluatedProperties" : "additionalProperties", BooleanNode.FALSE);
        }
        esquema.path("properties").forEach(propriedade -> fecharEsquema(propriedade, false));
        fecharEsquema(esquema.path("items"), false);
        esquema.path("prefixItems").forEach(item -> fecharEsquema(item, false));
        fecharEsquema(esquema.path("additionalProperties"), false);
        esquema.path("allOf").forEach(membro -> fecharEsquema(membro, true));
        boolean alternativasAbertas = esquema.path("properties").isObject() || compoe;
        for (String alternativas : List.of("anyOf", "oneOf")) {
            JsonNode lista = esquema.path(alternativas);
            if (lista instanceof ArrayNode) {
                lista.forEach(alternativa -> fecharEsquema(alternativa, alternativasAbertas));
            }
        }
    }
}
