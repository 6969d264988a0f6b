package br.com.lojaapi.apoio;

import br.com.lojaapi.apoio.ValidadorDaDescricao.Situacao;
import br.com.lojaapi.apoio.ValidadorDaDescricao.Veredito;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every exchange of {@link ClienteHttp} checked against the description the application serves, counted per JVM.
 * The system property {@value #PROPRIEDADE} says what a divergence does: {@code falhar} fails the test with what
 * differs (the default), {@code registrar} only collects it into {@value #ARQUIVO} (to survey a change of the
 * description), {@code nao} checks nothing.
 *
 * <p>Requests are checked too, unless the server refused them (any 4xx: the test is then about the refusal, and
 * what it sends is off the description on purpose) or the test marked them {@link ClienteHttp.Requisicao#invalida()}.
 */
public final class ConferenciaDaDescricao {

    public static final String PROPRIEDADE = "loja.validar-descricao";
    public static final String ARQUIVO = "target/descricao-divergencias.txt";
    private static final int TRECHO = 400;

    public enum Modo { FALHAR, REGISTRAR, NAO }

    private static final AtomicInteger RECEBIDAS = new AtomicInteger();
    private static final AtomicInteger CONFORMES = new AtomicInteger();
    private static final AtomicInteger DIVERGENTES = new AtomicInteger();
    private static final Map<String, AtomicInteger> FORA = new ConcurrentHashMap<>();
    private static final AtomicInteger REQUISICOES_CONFORMES = new AtomicInteger();
    private static final AtomicInteger REQUISICOES_DIVERGENTES = new AtomicInteger();
    private static final Map<String, AtomicInteger> REQUISICOES_NAO_CONFERIDAS = new ConcurrentHashMap<>();
    private static final ConcurrentLinkedQueue<Divergencia> DIVERGENCIAS = new ConcurrentLinkedQueue<>();

    private ConferenciaDaDescricao() {
    }

    public static Modo modo() {
        String valor = System.getProperty(PROPRIEDADE, "falhar").trim().toLowerCase(Locale.ROOT);
        return switch (valor) {
            case "falhar", "" -> Modo.FALHAR;
            case "nao", "não", "false" -> Modo.NAO;
            case "registrar" -> Modo.REGISTRAR;
            default -> throw new IllegalArgumentException(PROPRIEDADE + "=" + valor
                    + ": os valores são falhar, registrar e nao");
        };
    }

    /** What one request sent and what came back. */
    public record Troca(String base, String metodo, String caminho, String tipoEnviado, String corpoEnviado,
                        boolean invalida, int status, String tipoRecebido, String corpoRecebido) {
    }

    /** One divergence, with the test that met it. */
    record Divergencia(String lado, String operacao, String metodo, String caminho, int status, String tipo,
                       List<String> problemas, String trecho, String teste) {

        String descrever() {
            return "  " + lado + " de " + metodo + " " + caminho + " (operação " + operacao + "), status " + status
                    + ", Content-Type " + tipo + ":\n    - " + String.join("\n    - ", problemas)
                    + "\n    corpo: " + trecho;
        }
    }

    /** Checks one exchange; in {@code falhar} mode a divergence is an {@link AssertionError}. */
    public static void conferir(Troca troca) {
        Modo modo = modo();
        if (modo == Modo.NAO) {
            return;
        }
        RECEBIDAS.incrementAndGet();
        List<Divergencia> achadas = new ArrayList<>();
        try {
            ValidadorDaDescricao validador = ValidadorDaDescricao.doServidor(troca.base());
            Veredito resposta = validador.resposta(troca.metodo(), troca.caminho(), troca.status(),
                    troca.tipoRecebido(), troca.corpoRecebido());
            switch (resposta.situacao()) {
                case CONFORME -> CONFORMES.incrementAndGet();
                case FORA -> FORA.computeIfAbsent(resposta.problemas().get(0), m -> new AtomicInteger())
                                 .incrementAndGet();
                case DIVERGENTE -> {
                    DIVERGENTES.incrementAndGet();
                    achadas.add(divergencia("resposta", resposta, troca, troca.tipoRecebido(),
                            troca.corpoRecebido()));
                }
            }
            if (resposta.situacao() != Situacao.FORA) {
                conferirRequisicao(validador, troca, achadas);
            }
        } catch (RuntimeException e) {
            DIVERGENTES.incrementAndGet();
            achadas.add(divergencia("descrição", new Veredito(Situacao.DIVERGENTE, "(descrição)",
                    List.of("não foi possível conferir: " + e)), troca, troca.tipoRecebido(), troca.corpoRecebido()));
        }
        DIVERGENCIAS.addAll(achadas);
        if (modo == Modo.FALHAR && !achadas.isEmpty()) {
            StringBuilder mensagem = new StringBuilder("A troca diverge da descrição servida (" + PROPRIEDADE
                    + "=falhar):");
            achadas.forEach(d -> mensagem.append('\n').append(d.descrever()));
            throw new AssertionError(mensagem.toString());
        }
    }

    private static void conferirRequisicao(ValidadorDaDescricao validador, Troca troca, List<Divergencia> achadas) {
        if (troca.invalida()) {
            REQUISICOES_NAO_CONFERIDAS.computeIfAbsent("marcadas .invalida()", m -> new AtomicInteger())
                                      .incrementAndGet();
            return;
        }
        if (troca.status() >= 400 && troca.status() < 500) {
            REQUISICOES_NAO_CONFERIDAS.computeIfAbsent("recusadas com 4xx", m -> new AtomicInteger())
                                      .incrementAndGet();
            return;
        }
        Veredito requisicao = validador.requisicao(troca.metodo(), troca.caminho(), troca.tipoEnviado(),
                troca.corpoEnviado());
        if (requisicao.situacao() == Situacao.DIVERGENTE) {
            REQUISICOES_DIVERGENTES.incrementAndGet();
            achadas.add(divergencia("requisição", requisicao, troca, troca.tipoEnviado(), troca.corpoEnviado()));
        } else if (requisicao.situacao() == Situacao.CONFORME) {
            REQUISICOES_CONFORMES.incrementAndGet();
        }
    }

    private static Divergencia divergencia(String lado, Veredito veredito, Troca troca, String tipo, String corpo) {
        String trecho = corpo == null ? "" : corpo.length() > TRECHO ? corpo.substring(0, TRECHO) + "…" : corpo;
        return new Divergencia(lado, veredito.operacao(), troca.metodo(), troca.caminho(), troca.status(), tipo,
                veredito.problemas(), trecho, teste());
    }

    /** The test method that sent the request (the first frame of the project outside this support package). */
    private static String teste() {
        return StackWalker.getInstance().walk(quadros -> quadros
                .filter(q -> q.getClassName().startsWith("br.com.lojaapi.")
                        && !q.getClassName().startsWith(ConferenciaDaDescricao.class.getPackageName() + "."))
                .findFirst()
                .map(q -> q.getClassName().substring(q.getClassName().lastIndexOf('.') + 1).split("\\$")[0]
                        + "#" + q.getMethodName().replaceFirst("^lambda\\$(.*)\\$\\d+$", "$1"))
                .orElse("?"));
    }

    // ------------------------------------------------------------------ the summary

    /** The counts, in a few lines. */
    public static String resumo() {
        StringBuilder resumo = new StringBuilder();
        int fora = FORA.values().stream().mapToInt(AtomicInteger::get).sum();
        resumo.append("Conferência com a descrição (").append(PROPRIEDADE).append('=')
              .append(modo().name().toLowerCase(Locale.ROOT)).append("): ")
              .append(RECEBIDAS.get()).append(" respostas recebidas; ")
              .append(CONFORMES.get() + DIVERGENTES.get()).append(" conferidas (")
              .append(CONFORMES.get()).append(" conformes, ").append(DIVERGENTES.get()).append(" divergentes); ")
              .append(fora).append(" fora da descrição ").append(new TreeMap<>(FORA)).append('\n');
        resumo.append("Requisições: ").append(REQUISICOES_CONFORMES.get() + REQUISICOES_DIVERGENTES.get())
              .append(" conferidas (").append(REQUISICOES_DIVERGENTES.get()).append(" divergentes); não conferidas ")
              .append(new TreeMap<>(REQUISICOES_NAO_CONFERIDAS)).append('\n');
        return resumo.toString();
    }

    /** The divergences grouped by side, operation, status and content type, each problem once with its count. */
    public static String relatorio() {
        Map<String, Map<String, List<Divergencia>>> grupos = new TreeMap<>();
        for (Divergencia d : DIVERGENCIAS) {
            String grupo = d.lado() + ": " + d.operacao() + " → " + d.status() + " "
                    + (d.tipo() == null ? "(sem Content-Type)" : ValidadorDaDescricao.tipoDeMidia(d.tipo()));
            // Each problem once per exchange: $.produtos[*].sku counts responses, not products.
            Set<String> problemas = new TreeSet<>();
            d.problemas().forEach(problema -> problemas.add(problema.replaceAll("\\[\\d+]", "[*]")));
            for (String problema : problemas) {
                grupos.computeIfAbsent(grupo, g -> new TreeMap<>()).computeIfAbsent(problema, p -> new ArrayList<>())
                      .add(d);
            }
        }
        StringBuilder relatorio = new StringBuilder(resumo()).append('\n');
        relatorio.append("Cada grupo: lado: operação → status Content-Type; cada problema com quantas trocas o tiveram"
                + " e um exemplo (teste, requisição, início do corpo).\n\n");
        grupos.forEach((grupo, problemas) -> {
            relatorio.append("== ").append(grupo).append('\n');
            problemas.forEach((problema, ocorrencias) -> {
                Divergencia exemplo = ocorrencias.get(0);
                relatorio.append("   ").append(problema).append("   (").append(ocorrencias.size()).append("×)\n")
                         .append("      ex.: ").append(exemplo.teste()).append("  ").append(exemplo.metodo())
                         .append(' ').append(exemplo.caminho()).append("  ").append(exemplo.trecho()
                                                                                          .replace('\n', ' '))
                         .append('\n');
            });
        });
        return relatorio.toString();
    }

    /** Writes {@value #ARQUIVO} (when anything was checked) and returns the summary. */
    public static String concluir() {
        if (RECEBIDAS.get() == 0) {
            return "";
        }
        try {
            Path arquivo = Path.of(ARQUIVO);
            Files.createDirectories(arquivo.getParent());
            Files.writeString(arquivo, relatorio());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return resumo() + "Divergências agrupadas em " + Path.of(ARQUIVO).toAbsolutePath() + "\n";
    }
}
