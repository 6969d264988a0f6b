package br.com.lojaapi.documentacao;

import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.CustomNode;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The project speaks of the project: README.md, the pages under docs/ and the bench's own pages and script comments
 * date figures and changes by commit and date, never by the work that made them ("this session", "before issue 21"),
 * which a reader of the repository cannot look up. Code spans and link destinations are left out, so a result file
 * named {@code …-antes-da-issue-21.txt} may still be cited by its path; fenced code blocks are read like prose.
 */
class DatasPorCommitNaDocumentacaoTest {

    /** Phrases that date something by who worked when. */
    static final Pattern FALA_DE_QUEM_TRABALHOU = Pattern.compile(
            "\\b(?:this|last|next|previous|earlier)\\s+session|\\bsess(?:ão|ões)\\b|\\bissues?\\s*#?\\s*\\d+",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS);

    /** The comment markers of the bench's scripts, by extension. */
    private static final Map<String, String> COMENTARIO_POR_EXTENSAO =
            Map.of("sh", "#", "py", "#", "lua", "--", "sql", "--");

    private static final Parser PARSER = Parser.builder()
                                               .extensions(List.of(TablesExtension.create()))
                                               .includeSourceSpans(IncludeSourceSpans.BLOCKS)
                                               .build();

    private final Path raiz = QuickstartNaDocumentacaoTest.raizDoRepositorio().toAbsolutePath().normalize();

    @Test
    void readmeDocsEBenchDatamPorCommitENaoPorSessaoOuIssue() throws IOException {
        List<String> achados = new ArrayList<>();
        List<Path> paginas = paginas();
        assertThat(paginas).as("README.md, docs/ e bench/").hasSizeGreaterThan(10);
        for (Path pagina : paginas) {
            for (Trecho trecho : trechosDeProsa(ler(pagina))) {
                achados.addAll(achados(pagina, trecho));
            }
        }
        List<Path> scripts = scriptsDoBench();
        assertThat(scripts).as("scripts de bench/").extracting(p -> p.getFileName().toString()).contains("run.sh");
        for (Path script : scripts) {
            String marcador = COMENTARIO_POR_EXTENSAO.get(extensao(script));
            List<String> linhas = Files.readAllLines(script, StandardCharsets.UTF_8);
            for (int i = 0; i < linhas.size(); i++) {
                String comentario = comentario(linhas.get(i), marcador);
                if (comentario != null) {
                    achados.addAll(achados(script, new Trecho(i + 1, comentario)));
                }
            }
        }
        assertThat(achados)
                .as("date figures and changes by commit (short hash) and date, not by who worked when")
                .isEmpty();
    }

    /** What the checks read and leave out, on small samples. */
    @Test
    void leAProsaEOsComentariosEDeixaCaminhosDeFora() {
        assertThat(textos("Measured in this\nsession, see [issue 21](x.md).")).singleElement()
                .satisfies(t -> assertThat(encontrados(t)).containsExactly("this\nsession", "issue 21"));
        assertThat(textos("# Before issue 9\n\n| a | b |\n|---|---|\n| last session | x |\n"))
                .flatExtracting(DatasPorCommitNaDocumentacaoTest::encontrados)
                .containsExactly("issue 9", "last session");
        assertThat(textos("```sh\nx=1  # the warm-up used before Issue #21\n```\n"))
                .flatExtracting(DatasPorCommitNaDocumentacaoTest::encontrados).containsExactly("Issue #21");
        assertThat(textos("Na sessão anterior."))
                .flatExtracting(DatasPorCommitNaDocumentacaoTest::encontrados).containsExactly("sessão");
        assertThat(textos("Runs `…-antes-da-issue-21.txt` and [file](r/depois-da-sessao-5.txt); `issue 21`."))
                .flatExtracting(DatasPorCommitNaDocumentacaoTest::encontrados).isEmpty();
        assertThat(textos("A database session, the session's isolation level, `target_session_attrs`, 2026-11-26 (`54be1ba`)."))
                .flatExtracting(DatasPorCommitNaDocumentacaoTest::encontrados).isEmpty();

        assertThat(comentario("AQUECIMENTO=10s bench/run.sh  # used before issue 21", "#")).isEqualTo(" used before issue 21");
        assertThat(comentario("# a comment", "#")).isEqualTo(" a comment");
        assertThat(comentario("echo \"issue #21\" ${#lista[@]} $# 'x # y'", "#")).isNull();
        assertThat(comentario("local n=1 -- this session", "--")).isEqualTo(" this session");
    }

    private List<String> achados(Path arquivo, Trecho trecho) {
        List<String> achados = new ArrayList<>();
        for (String encontrado : encontrados(trecho.texto())) {
            achados.add(raiz.relativize(arquivo) + ":" + trecho.linha() + ": \"" + encontrado.replace('\n', ' ')
                        + "\" in: " + trecho.texto().replace('\n', ' ').strip());
        }
        return achados;
    }

    private static List<String> encontrados(String texto) {
        List<String> encontrados = new ArrayList<>();
        Matcher m = FALA_DE_QUEM_TRABALHOU.matcher(texto);
        while (m.find()) {
            encontrados.add(m.group());
        }
        return encontrados;
    }

    private static List<String> textos(String markdown) {
        return trechosDeProsa(markdown).stream().map(Trecho::texto).toList();
    }

    /** A piece of text a reader sees, and the line of the file where its block begins. */
    record Trecho(int linha, String texto) {
    }

    /**
     * The text of every paragraph, heading, table cell and code block of a page, as a reader sees it: link text
     * kept, link destinations left out, each code span replaced by a space, line breaks inside a paragraph kept as
     * line breaks (so a phrase split over two lines is still found).
     */
    static List<Trecho> trechosDeProsa(String markdown) {
        List<Trecho> trechos = new ArrayList<>();
        PARSER.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Paragraph paragrafo) {
                trechos.add(new Trecho(linha(paragrafo), texto(paragrafo)));
            }

            @Override
            public void visit(Heading titulo) {
                trechos.add(new Trecho(linha(titulo), texto(titulo)));
            }

            @Override
            public void visit(CustomNode no) {
                if (no instanceof TableCell) {
                    trechos.add(new Trecho(linha(no), texto(no)));
                } else {
                    visitChildren(no);
                }
            }

            @Override
            public void visit(FencedCodeBlock bloco) {
                trechos.add(new Trecho(linha(bloco), bloco.getLiteral()));
            }

            @Override
            public void visit(IndentedCodeBlock bloco) {
                trechos.add(new Trecho(linha(bloco), bloco.getLiteral()));
            }
        });
        return trechos;
    }

    private static String texto(Node no) {
        StringBuilder texto = new StringBuilder();
        no.accept(new AbstractVisitor() {
            @Override
            public void visit(Text t) {
                texto.append(t.getLiteral());
            }

            @Override
            public void visit(Code codigo) {
                texto.append(' ');
            }

            @Override
            public void visit(SoftLineBreak quebra) {
                texto.append('\n');
            }

            @Override
            public void visit(HardLineBreak quebra) {
                texto.append('\n');
            }
        });
        return texto.toString();
    }

    /** The 1-based line a block begins on (a table cell has no span of its own: its nearest ancestor's). */
    private static int linha(Node no) {
        for (Node n = no; n != null; n = n.getParent()) {
            List<SourceSpan> trechos = n.getSourceSpans();
            if (!trechos.isEmpty()) {
                return trechos.get(0).getLineIndex() + 1;
            }
        }
        return 0;
    }

    /**
     * The comment of a script's line: from the first marker outside quotes that begins a word (at the line's start
     * or after a space), so {@code ${#lista[@]}}, {@code $#} and {@code "#"} are not comments. Null without one.
     */
    static String comentario(String linha, String marcador) {
        char aspas = 0;
        for (int i = 0; i < linha.length(); i++) {
            char c = linha.charAt(i);
            if (aspas != 0) {
                if (c == '\\' && aspas == '"') {
                    i++;
                } else if (c == aspas) {
                    aspas = 0;
                }
            } else if (c == '"' || c == '\'') {
                aspas = c;
            } else if (c == '\\') {
                i++;
            } else if (linha.startsWith(marcador, i) && (i == 0 || Character.isWhitespace(linha.charAt(i - 1)))) {
                return linha.substring(i + marcador.length());
            }
        }
        return null;
    }

    private List<Path> paginas() throws IOException {
        List<Path> paginas = new ArrayList<>();
        paginas.add(raiz.resolve("README.md"));
        try (Stream<Path> arquivos = Files.walk(raiz.resolve("docs"))) {
            arquivos.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p)).sorted()
                    .forEach(paginas::add);
        }
        try (Stream<Path> arquivos = Files.list(raiz.resolve("bench"))) {
            arquivos.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p)).sorted()
                    .forEach(paginas::add);
        }
        return paginas;
    }

    /** The bench's scripts, not its result files (bench/results/ holds what runs printed, named by their time). */
    private List<Path> scriptsDoBench() throws IOException {
        try (Stream<Path> arquivos = Files.walk(raiz.resolve("bench"))) {
            return arquivos.filter(Files::isRegularFile)
                           .filter(p -> !p.startsWith(raiz.resolve("bench/results")))
                           .filter(p -> COMENTARIO_POR_EXTENSAO.containsKey(extensao(p)))
                           .sorted().toList();
        }
    }

    private static String extensao(Path arquivo) {
        String nome = arquivo.getFileName().toString();
        int ponto = nome.lastIndexOf('.');
        return ponto < 0 ? "" : nome.substring(ponto + 1);
    }

    private static String ler(Path arquivo) {
        try {
            return Files.readString(arquivo, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
