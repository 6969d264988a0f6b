package br.com.lojaapi.documentacao;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every link in README.md and in the Markdown under docs/ resolves, as GitHub would resolve it: a relative link names
 * a file or directory of the repository (never a path outside it), and a {@code #fragment} names a heading of the
 * page it points at, by GitHub's slug rules. External links are only checked to be well-formed http(s) URLs (no
 * network in the build). The Markdown is read by a CommonMark parser, so a link shown inside code is not a link,
 * and reference-style links count like inline ones.
 */
class LinksDaDocumentacaoTest {

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    private final Path raiz = QuickstartNaDocumentacaoTest.raizDoRepositorio().toAbsolutePath().normalize();
    private final Map<Path, Set<String>> ancorasPorPagina = new HashMap<>();

    @Test
    void todoLinkDoReadmeEDeDocsLevaAUmArquivoEUmTituloQueExistem() throws IOException {
        List<Path> paginas = paginas();
        assertThat(paginas).as("README.md e as páginas de docs/").hasSizeGreaterThan(10);

        List<String> quebrados = new ArrayList<>();
        int conferidos = 0;
        for (Path pagina : paginas) {
            for (String destino : links(pagina)) {
                conferidos++;
                String problema = problema(pagina, destino);
                if (problema != null) {
                    quebrados.add(raiz.relativize(pagina) + ": (" + destino + ") " + problema);
                }
            }
        }
        assertThat(conferidos).as("links conferidos").isGreaterThan(100);
        assertThat(quebrados).as("links que não resolvem").isEmpty();
    }

    /** The README is the map: every page under docs/ is reachable from it by following links. */
    @Test
    void todaPaginaDeDocsSeAlcancaAPartirDoReadme() throws IOException {
        Set<Path> alcancadas = new LinkedHashSet<>();
        Deque<Path> fila = new ArrayDeque<>(List.of(raiz.resolve("README.md")));
        while (!fila.isEmpty()) {
            Path pagina = fila.pop();
            if (!alcancadas.add(pagina)) {
                continue;
            }
            for (String destino : links(pagina)) {
                Path alvo = alvoLocal(pagina, destino);
                if (alvo != null && alvo.toString().endsWith(".md") && Files.isRegularFile(alvo)) {
                    fila.add(alvo);
                }
            }
        }
        Set<String> soltas = paginas().stream().filter(p -> !alcancadas.contains(p))
                                      .map(p -> raiz.relativize(p).toString())
                                      .collect(Collectors.toCollection(TreeSet::new));
        assertThat(soltas).as("páginas que nenhum caminho a partir do README.md alcança").isEmpty();
    }

    /** The slug rules the anchors are checked with, on headings of these pages. */
    @Test
    void ancorasSeguemAsRegrasDoGithub() {
        assertThat(slug("The operator's delivery log and redelivery")).isEqualTo("the-operators-delivery-log-and-redelivery");
        assertThat(slug("Replaying (rebuilding) a projection")).isEqualTo("replaying-rebuilding-a-projection");
        assertThat(slug("Where the processors stand: GET /admin/projecoes"))
                .isEqualTo("where-the-processors-stand-get-adminprojecoes");
        assertThat(slug("produto.estoque_baixo")).isEqualTo("produtoestoque_baixo");
        assertThat(slug("Conditional GETs, and what ETags cost")).isEqualTo("conditional-gets-and-what-etags-cost");
        assertThat(slug("001. Ações – já")).isEqualTo("001-ações--já");
        assertThat(ancoras("# A\n\n## A\n\n```\n# not a heading\n```\n\nB\n-\n")).containsExactlyInAnyOrder("a", "a-1", "b");
    }

    /** Null when the link resolves; otherwise what is wrong with it. */
    private String problema(Path pagina, String destino) {
        if (destino.isBlank()) {
            return "link vazio";
        }
        if (destino.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            return externoBemFormado(destino);
        }
        Path alvo = alvoLocal(pagina, destino);
        if (alvo == null) {
            return "caminho inválido";
        }
        if (!alvo.startsWith(raiz)) {
            return "aponta para fora do repositório";
        }
        if (!Files.exists(alvo)) {
            return "arquivo não existe: " + raiz.relativize(alvo);
        }
        int cerquilha = destino.indexOf('#');
        if (cerquilha < 0) {
            return null;
        }
        String ancora = decodificar(destino.substring(cerquilha + 1));
        if (!alvo.toString().endsWith(".md") || !Files.isRegularFile(alvo)) {
            return "âncora em algo que não é uma página Markdown";
        }
        Set<String> existentes = ancorasDe(alvo);
        return existentes.contains(ancora) ? null
                : "não há título com a âncora #" + ancora + " em " + raiz.relativize(alvo);
    }

    private static String externoBemFormado(String destino) {
        try {
            URI uri = new URI(destino);
            String esquema = uri.getScheme().toLowerCase(Locale.ROOT);
            if (!esquema.equals("http") && !esquema.equals("https")) {
                return "esquema " + esquema + " (só http e https)";
            }
            return uri.getHost() == null || uri.getHost().isBlank() ? "URL sem host" : null;
        } catch (URISyntaxException e) {
            return "URL malformada: " + e.getReason();
        }
    }

    /** The file or directory a relative link names (the page itself for a bare fragment); null when unparseable. */
    private Path alvoLocal(Path pagina, String destino) {
        if (destino.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            return null;
        }
        String caminho = destino;
        int corte = caminho.indexOf('#');
        if (corte >= 0) {
            caminho = caminho.substring(0, corte);
        }
        corte = caminho.indexOf('?');
        if (corte >= 0) {
            caminho = caminho.substring(0, corte);
        }
        caminho = decodificar(caminho);
        if (caminho.isEmpty()) {
            return pagina;
        }
        try {
            Path base = caminho.startsWith("/") ? raiz : pagina.getParent();
            return base.resolve(caminho.replaceFirst("^/+", "")).normalize();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String decodificar(String texto) {
        try {
            return URLDecoder.decode(texto.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return texto;
        }
    }

    private List<Path> paginas() throws IOException {
        List<Path> paginas = new ArrayList<>();
        paginas.add(raiz.resolve("README.md"));
        try (Stream<Path> arquivos = Files.walk(raiz.resolve("docs"))) {
            arquivos.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p)).sorted()
                    .forEach(p -> paginas.add(p.toAbsolutePath().normalize()));
        }
        return paginas;
    }

    /** Destinations of every link and image of a page, in order. */
    private static List<String> links(Path pagina) {
        List<String> destinos = new ArrayList<>();
        PARSER.parse(ler(pagina)).accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                destinos.add(link.getDestination());
                visitChildren(link);
            }

            @Override
            public void visit(Image imagem) {
                destinos.add(imagem.getDestination());
                visitChildren(imagem);
            }
        });
        return destinos;
    }

    private Set<String> ancorasDe(Path pagina) {
        return ancorasPorPagina.computeIfAbsent(pagina, p -> ancoras(ler(p)));
    }

    /** The anchors GitHub gives a page's headings: the slug, then -1, -2... for repeats. */
    static Set<String> ancoras(String markdown) {
        Set<String> ancoras = new LinkedHashSet<>();
        Map<String, Integer> repeticoes = new HashMap<>();
        PARSER.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading titulo) {
                String base = slug(texto(titulo));
                int vezes = repeticoes.merge(base, 1, Integer::sum);
                ancoras.add(vezes == 1 ? base : base + "-" + (vezes - 1));
            }
        });
        return ancoras;
    }

    /**
     * GitHub's slug (github-slugger): lower case; every character that is not a letter, a digit, a mark, a
     * connector (underscore), a space or a hyphen removed; each space a hyphen.
     */
    static String slug(String titulo) {
        return titulo.toLowerCase(Locale.ROOT)
                     .replaceAll("[^\\p{L}\\p{N}\\p{M}\\p{Pc} -]", "")
                     .replace(' ', '-');
    }

    /** A heading's plain text as GitHub renders it: text and code, without markup. */
    private static String texto(Node no) {
        StringBuilder texto = new StringBuilder();
        no.accept(new AbstractVisitor() {
            @Override
            public void visit(Text t) {
                texto.append(t.getLiteral());
            }

            @Override
            public void visit(Code codigo) {
                texto.append(codigo.getLiteral());
            }
        });
        return texto.toString().strip();
    }

    private static String ler(Path pagina) {
        try {
            return Files.readString(pagina, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
