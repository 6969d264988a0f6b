package br.com.lojaapi.acesso;

import br.com.lojaapi.apoio.RequisicaoCrua;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.RequestMappingInfoHandlerMapping;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every route the application maps (read from its handler mappings, so a route added tomorrow is tried too), asked
 * for in the spellings an attacker uses to make a filter and a router disagree about a path: percent-encoded
 * letters in either case, {@code //}, {@code /./}, {@code /../}, {@code ;} parameters, a trailing slash, an encoded
 * slash or dot, double encoding. Each is asked with no token, with a store's token and with the operator's. Each
 * answer is either a refusal of the spelling (400) or the answer the route it reaches gives to its plain spelling;
 * a store token never gets past an operator route, the operator token never past a store route, and no token past
 * either. Store A's token carries store B's real ids in every path variable, so every route also shows that it
 * refuses another store's resources; so does a delivery portal link of store A, which never gets past the webhook
 * routes it is made for (decision 077).
 */
class GrafiasDoCaminhoApiTest extends TesteDeApi {

    private static final Pattern VARIAVEL = Pattern.compile("\\{\\*?([^}]+)}");
    private static final String RECUSA_DA_GRAFIA = "Endereço ou cabeçalho recusado";

    @Autowired
    ApplicationContext contexto;

    private record Rota(String metodo, String padrao) implements Comparable<Rota> {
        @Override
        public int compareTo(Rota outra) {
            return (padrao + " " + metodo).compareTo(outra.padrao + " " + outra.metodo);
        }
    }

    private enum Credencial { NENHUMA, LOJA, OPERADOR, PORTAL }

    /** What a delivery portal link may reach (decision 077); every other store route refuses it with 401. */
    private static final Set<Rota> DO_PORTAL = Set.of(new Rota("GET", "/v1/webhooks"),
            new Rota("GET", "/v1/webhooks/{id}"), new Rota("GET", "/v1/webhooks/{id}/entregas"),
            new Rota("POST", "/v1/webhooks/{id}/entregas/{entregaId}/reenviar"),
            new Rota("POST", "/v1/webhooks/{id}/recuperar"), new Rota("POST", "/v1/webhooks/{id}/teste"),
            new Rota("GET", "/v1/webhooks/portal"));

    /** A spelling of a path and the path it means once decoded and normalised. */
    private record Grafia(String alvo, String significa) {
    }

    @Test
    void nenhumaGrafiaDeNenhumaRotaPassaDaSuaAreaNemChegaAOutraLoja() throws IOException {
        LojaDeTeste a = novaLoja();
        Map<String, String> idsDeB = recursosDeOutraLoja();
        String url = api.post("/v1/webhooks/portal").token(a.token()).enviar().texto("url");
        String portalDeA = url.substring(url.indexOf('#') + 1);
        Set<Rota> rotas = rotasMapeadas();
        assertThat(rotas).as("rotas lidas dos mapeamentos").hasSizeGreaterThan(60)
                         .contains(new Rota("GET", "/admin/lojas/{id}"), new Rota("GET", "/v1/produtos/{id}"),
                                 new Rota("POST", "/admin/lojas/{lojaId}/tokens"));
        List<String> falhas = new ArrayList<>();
        Map<String, Resposta> simples = new LinkedHashMap<>();
        int pedidos = 0;
        for (Rota rota : rotas) {
            for (Credencial credencial : Credencial.values()) {
                boolean daLoja = credencial == Credencial.LOJA || credencial == Credencial.PORTAL;
                String caminho = concreto(rota.padrao(), daLoja ? idsDeB : Map.of());
                String token = switch (credencial) {
                    case NENHUMA -> null;
                    case LOJA -> a.token();
                    case OPERADOR -> ADMIN;
                    case PORTAL -> portalDeA;
                };
                for (Grafia grafia : grafias(caminho)) {
                    Resposta resposta = enviar(rota.metodo(), grafia.alvo(), token);
                    pedidos++;
                    String chave = rota.metodo() + " " + grafia.significa() + " " + credencial;
                    Resposta daGrafiaSimples = simples.computeIfAbsent(chave,
                            k -> enviar(rota.metodo(), grafia.significa(), token));
                    String problema = problema(rota, credencial, grafia, resposta, daGrafiaSimples, caminho, idsDeB);
                    if (problema != null) {
                        falhas.add(problema);
                    }
                }
            }
        }
        assertThat(falhas).as("%d pedidos sobre %d rotas", pedidos, rotas.size()).isEmpty();
    }

    private String problema(Rota rota, Credencial credencial, Grafia grafia, Resposta resposta,
                            Resposta daGrafiaSimples, String caminho, Map<String, String> idsDeB) {
        String quem = rota.metodo() + " " + grafia.alvo() + " [" + credencial + "] -> " + resposta.status() + " "
                      + resposta.corpo();
        if (resposta.status() >= 500) {
            return quem + ": erro do servidor";
        }
        if (resposta.status() >= 400 && !resposta.corpo().startsWith("{\"erro\":")) {
            return quem + ": erro sem {erro}";
        }
        if (resposta.corpo().contains("Exception") || resposta.corpo().contains("at br.com")) {
            return quem + ": detalhe interno na resposta";
        }
        boolean recusada = resposta.status() == 400 && resposta.texto("erro") != null
                           && (resposta.texto("erro").startsWith(RECUSA_DA_GRAFIA)
                               || resposta.texto("erro").equals("Requisição inválida"));
        String area = area(grafia.significa());
        if (!recusada) {
            if (area.equals("operador") && credencial != Credencial.OPERADOR && resposta.status() != 401) {
                return quem + ": rota do operador sem o token do operador";
            }
            boolean doPortal = credencial == Credencial.PORTAL && DO_PORTAL.contains(rota);
            if (area.equals("loja") && credencial != Credencial.LOJA && !doPortal && resposta.status() != 401) {
                return quem + ": rota de loja sem token de loja";
            }
            if (resposta.status() != daGrafiaSimples.status()) {
                return quem + ": a grafia simples " + grafia.significa() + " dá " + daGrafiaSimples.status();
            }
        }
        boolean comIdsDeB = idsDeB.values().stream().anyMatch(caminho::contains);
        if ((credencial == Credencial.LOJA || credencial == Credencial.PORTAL) && area.equals("loja") && comIdsDeB
            && resposta.status() < 300) {
            return quem + ": recurso de outra loja alcançado";
        }
        return null;
    }

    /** Which area the path falls in, as the service should read it. */
    private static String area(String caminho) {
        if (caminho.equals("/v1/openapi.json") || caminho.startsWith("/v1/openapi.json/")
            || caminho.equals("/v1/docs") || caminho.startsWith("/v1/docs/") || caminho.startsWith("/v1/swagger-ui/")
            || caminho.startsWith("/imagens/") || caminho.equals("/actuator/health")
            || caminho.startsWith("/actuator/health/") || caminho.equals("/admin/console")
            || caminho.startsWith("/admin/console/")) {
            return "publica";
        }
        if (caminho.equals("/admin") || caminho.startsWith("/admin/") || caminho.equals("/actuator")
            || caminho.startsWith("/actuator/")) {
            return "operador";
        }
        if (caminho.equals("/v1") || caminho.startsWith("/v1/")) {
            return "loja";
        }
        return "nenhuma";
    }

    private Set<Rota> rotasMapeadas() {
        Set<Rota> rotas = new TreeSet<>();
        for (RequestMappingInfoHandlerMapping mapeamento
                : contexto.getBeansOfType(RequestMappingInfoHandlerMapping.class).values()) {
            for (RequestMappingInfo info : mapeamento.getHandlerMethods().keySet()) {
                Set<RequestMethod> metodos = info.getMethodsCondition().getMethods();
                for (String padrao : info.getPatternValues()) {
                    if (metodos.isEmpty()) {
                        rotas.add(new Rota("GET", padrao));
                        rotas.add(new Rota("POST", padrao));
                    }
                    metodos.forEach(m -> rotas.add(new Rota(m.name(), padrao)));
                }
            }
        }
        return rotas;
    }

    /**
     * The pattern with its variables filled: by store B's ids when {@code ids} has one for the variable's name or
     * for the collection before it, else by ids that exist nowhere (nothing the operator's requests could change).
     */
    private static String concreto(String padrao, Map<String, String> ids) {
        String[] segmentos = padrao.replace("/**", "/x").split("/");
        for (int i = 0; i < segmentos.length; i++) {
            Matcher variavel = VARIAVEL.matcher(segmentos[i]);
            if (variavel.find()) {
                String nome = variavel.group(1);
                String id = ids.getOrDefault(nome, i > 0 ? ids.get(segmentos[i - 1]) : null);
                segmentos[i] = variavel.replaceAll(id != null ? id : UUID.randomUUID().toString());
            }
        }
        String concreto = String.join("/", segmentos);
        return concreto.isEmpty() ? "/" : concreto;
    }

    private static List<Grafia> grafias(String caminho) {
        List<Grafia> grafias = new ArrayList<>();
        grafias.add(new Grafia(caminho, caminho));
        String[] partes = caminho.substring(1).split("/", 2);
        String primeiro = partes[0];
        String resto = partes.length > 1 ? "/" + partes[1] : "";
        StringBuilder minusculas = new StringBuilder("/");
        StringBuilder mistas = new StringBuilder("/");
        for (int i = 0; i < primeiro.length(); i++) {
            char c = primeiro.charAt(i);
            String hex = String.format("%02x", (int) c);
            minusculas.append('%').append(hex);
            mistas.append('%').append(i % 2 == 0 ? hex.toUpperCase() : hex);
        }
        grafias.add(new Grafia("/%" + String.format("%02x", (int) primeiro.charAt(0)) + primeiro.substring(1) + resto,
                caminho));
        grafias.add(new Grafia(minusculas + resto, caminho));
        grafias.add(new Grafia(mistas + resto, caminho));
        if (!resto.isEmpty()) {
            int ultima = caminho.lastIndexOf('/');
            String fim = caminho.substring(ultima + 1);
            if (!fim.isEmpty() && Character.isLetter(fim.charAt(0))) {
                grafias.add(new Grafia(caminho.substring(0, ultima + 1) + "%" + String.format("%02X", (int) fim.charAt(0))
                        + fim.substring(1), caminho));
            }
            grafias.add(new Grafia("/" + primeiro + "/" + resto, caminho));
            grafias.add(new Grafia("/" + primeiro + "/." + resto, caminho));
            grafias.add(new Grafia("/" + primeiro + "/%2e" + resto, caminho));
            grafias.add(new Grafia("/" + primeiro + "/x/.." + resto, caminho));
            grafias.add(new Grafia("/" + primeiro + "/%2E%2E/" + primeiro + resto, caminho));
            grafias.add(new Grafia("/" + primeiro + ";a=b" + resto, caminho));
            grafias.add(new Grafia("/" + primeiro + "%2F" + resto.substring(1), caminho));
            grafias.add(new Grafia("/" + primeiro + "%2f" + resto.substring(1), caminho));
            grafias.add(new Grafia("/" + primeiro + "%5C" + resto.substring(1), caminho));
        }
        grafias.add(new Grafia("/v1/.." + caminho, caminho));
        grafias.add(new Grafia("/v1/%2e%2e" + caminho, caminho));
        grafias.add(new Grafia("//" + caminho.substring(1), caminho));
        grafias.add(new Grafia("/%25" + String.format("%02x", (int) primeiro.charAt(0)) + primeiro.substring(1) + resto,
                "/%" + String.format("%02x", (int) primeiro.charAt(0)) + primeiro.substring(1) + resto));
        grafias.add(new Grafia(caminho + "/", caminho + "/"));
        grafias.add(new Grafia(caminho + ";x", caminho));
        grafias.add(new Grafia(caminho + "%00", caminho + "%00"));
        grafias.add(new Grafia("/" + primeiro.toUpperCase() + resto, "/" + primeiro.toUpperCase() + resto));
        return grafias;
    }

    private Resposta enviar(String metodo, String alvo, String token) {
        Map<String, String> cabecalhos = new LinkedHashMap<>();
        if (token != null) {
            cabecalhos.put("Authorization", "Bearer " + token);
        }
        byte[] corpo = null;
        if (!metodo.equals("GET") && !metodo.equals("HEAD") && !metodo.equals("OPTIONS")) {
            cabecalhos.put("Content-Type", "application/json");
            corpo = "{}".getBytes(StandardCharsets.UTF_8);
        }
        try {
            return RequisicaoCrua.enviar(porta, metodo, alvo, cabecalhos, corpo);
        } catch (IOException e) {
            throw new AssertionError(metodo + " " + alvo + ": " + e, e);
        }
    }

    /** One resource of each kind in another store, by the names that route variables and collections use. */
    private Map<String, String> recursosDeOutraLoja() throws IOException {
        LojaDeTeste b = novaLoja();
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("lojaId", b.id());
        ids.put("lojas", b.id());
        String tokenId = api.get("/admin/lojas/" + b.id() + "/tokens").token(ADMIN).enviar().json()
                            .get("tokens").get(0).get("id").asText();
        ids.put("tokenId", tokenId);
        ids.put("tokens", tokenId);
        ids.put("categorias", criado(b, "/v1/categorias", "{\"nome\":\"Outra\"}"));
        String produto = criado(b, "/v1/produtos", "{\"nome\":\"Caneca\",\"preco\":30}");
        ids.put("produtos", produto);
        String variacao = criado(b, "/v1/produtos/" + produto + "/variacoes", "{\"nome\":\"Cor\",\"valor1\":\"Azul\"}");
        ids.put("variacoes", variacao);
        ids.put("grupos-complemento", criado(b, "/v1/grupos-complemento",
                "{\"nome\":\"Adicionais\",\"itens\":[{\"nome\":\"Queijo\",\"preco\":2}]}"));
        ids.put("clientes", criado(b, "/v1/clientes", "{\"nome\":\"Ana\",\"documento\":\"52998224725\"}"));
        String pedido = criado(b, "/v1/pedidos", "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},"
                + "\"itens\":[{\"produtoId\":\"" + produto + "\",\"variacaoId\":\"" + variacao + "\",\"quantidade\":1}]}");
        ids.put("pedidos", pedido);
        byte[] xml = Files.readAllBytes(Path.of("..", "docs", "exemplos", "nfe-autorizada.xml"));
        Resposta nota = api.post("/v1/pedidos/" + pedido + "/notas-fiscais").token(b.token())
                           .corpo("application/xml", xml).enviar();
        assertThat(nota.status()).as(nota.toString()).isEqualTo(201);
        ids.put("notaId", nota.texto("id"));
        ids.put("notas-fiscais", nota.texto("id"));
        String etiqueta = criado(b, "/v1/pedidos/" + pedido + "/etiquetas",
                "{\"zpl\":\"^XA^FDteste^FS^XZ\",\"codigoRastreio\":\"BR1\"}");
        ids.put("etiquetaId", etiqueta);
        ids.put("etiquetas", etiqueta);
        String webhook = criado(b, "/v1/webhooks", "{\"nome\":\"ERP\",\"url\":\"http://127.0.0.1:9/x\","
                + "\"eventos\":[\"pedido.status\"]}");
        ids.put("webhookId", webhook);
        ids.put("webhooks", webhook);
        return ids;
    }

    private String criado(LojaDeTeste loja, String caminho, String json) {
        Resposta criado = api.post(caminho).token(loja.token()).json(json).enviar();
        assertThat(criado.status()).as(caminho + " " + criado).isEqualTo(201);
        return criado.texto("id");
    }
}
