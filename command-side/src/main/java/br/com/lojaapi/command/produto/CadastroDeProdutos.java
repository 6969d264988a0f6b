package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.categoria.NomesDeCategoria;
import br.com.lojaapi.coreapi.categoria.CriarCategoriaCommand;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.produto.AlteracaoProduto;
import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import br.com.lojaapi.coreapi.produto.AlterarProdutoCommand;
import br.com.lojaapi.coreapi.produto.CriarProdutoCommand;
import br.com.lojaapi.coreapi.produto.RemoverProdutoCommand;
import br.com.lojaapi.coreapi.produto.ResultadoDeProduto;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * POST /produtos, with and without upsert: the category by name (reused or created), the product, and in upsert
 * mode the choice between creating and updating, all in one database transaction, so the whole call is saved or
 * nothing is. Category names and upsert codes are serialised with transaction-level advisory locks (always code
 * first, then name), so concurrent calls on any node reuse one category and one product instead of racing.
 * <p>
 * The commands run in-thread inside this transaction; a concurrency conflict must retry the whole call.
 */
@Service
public class CadastroDeProdutos {

    static final String SEM_CATEGORIA = "Sem categoria";
    public static final String CODIGO_OBRIGATORIO =
            "codIntegracao é obrigatório no modo upsert: é a chave que identifica o produto";

    private final CommandGateway comandos;
    private final NomesDeCategoria categorias;
    private final ProdutoLookup produtos;

    CadastroDeProdutos(CommandGateway comandos, NomesDeCategoria categorias, ProdutoLookup produtos) {
        this.comandos = comandos;
        this.categorias = categorias;
        this.produtos = produtos;
    }

    /**
     * One POST /produtos. {@code categoriaNome} is used only when {@code dados} carries no {@code categoriaId};
     * {@code novoProdutoId} and {@code novaCategoriaId} are the ids to give a product or category this call creates.
     */
    public record Pedido(String lojaId,
                         String novoProdutoId,
                         String novaCategoriaId,
                         AlteracaoProduto dados,
                         String categoriaNome,
                         Boolean controlaEstoque,
                         List<AlteracaoVariacao> variacoes,
                         Instant agora) {
    }

    /** A read-model row this call changed, at the version the reader must wait for. */
    public record Escrita(ModeloLeitura modelo, String id, long versao) {
    }

    public record Cadastro(String produtoId, boolean criado, List<Escrita> escritas, List<String> avisos) {
    }

    @Transactional
    public Cadastro criar(Pedido pedido) {
        List<Escrita> escritas = new ArrayList<>();
        AlteracaoProduto dados = comCategoria(pedido, true, escritas);
        ResultadoDeProduto resultado = comandos.sendAndWait(new CriarProdutoCommand(pedido.novoProdutoId(),
                pedido.lojaId(), dados, pedido.controlaEstoque(), pedido.variacoes(), pedido.agora()));
        escritas.add(new Escrita(ModeloLeitura.PRODUTO, pedido.novoProdutoId(), resultado.versao()));
        return new Cadastro(pedido.novoProdutoId(), true, escritas, resultado.avisos());
    }

    @Transactional
    public Cadastro criarOuAtualizar(Pedido pedido) {
        Long codigo = pedido.dados().codIntegracao() == null ? null : pedido.dados().codIntegracao().orElse(null);
        if (codigo == null) {
            throw ErroDeNegocio.invalido(CODIGO_OBRIGATORIO);
        }
        produtos.travarCodigo(pedido.lojaId(), codigo);
        List<String> candidatos = produtos.comCodigo(pedido.lojaId(), codigo);
        if (candidatos.isEmpty()) {
            return criar(pedido);
        }
        String alvo = candidatos.get(0);
        List<String> avisos = new ArrayList<>();
        if (candidatos.size() > 1) {
            avisos.add(candidatos.size() + " produtos têm codIntegracao " + codigo
                    + "; foi atualizado o alterado mais recentemente (" + alvo + ")");
        }
        List<Escrita> escritas = new ArrayList<>();
        AlteracaoProduto dados = comCategoria(pedido, false, escritas);
        ResultadoDeProduto resultado = comandos.sendAndWait(new AlterarProdutoCommand(alvo, pedido.lojaId(), dados,
                pedido.variacoes(), pedido.agora()));
        escritas.add(new Escrita(ModeloLeitura.PRODUTO, alvo, resultado.versao()));
        avisos.addAll(resultado.avisos());
        return new Cadastro(alvo, false, escritas, avisos);
    }

    /**
     * DELETE, serialised with upserts of the product's code (an upsert that found the product a moment before it
     * was removed would otherwise fail on a removed product instead of creating a new one) and with stock changes
     * (which check the product exists once they hold its stock lock).
     */
    @Transactional
    public long remover(String lojaId, String produtoId, Instant agora, VersaoEsperada esperada) {
        produtos.codigoDe(lojaId, produtoId).ifPresent(codigo -> produtos.travarCodigo(lojaId, codigo));
        produtos.travar(List.of(produtoId));
        Long versao = comandos.sendAndWait(new RemoverProdutoCommand(produtoId, lojaId, agora, esperada));
        return versao;
    }

    /**
     * Category resolution, in the contract's order: an explicit categoriaId (checked by the product); else the
     * category named {@code categoriaNome}, reused or created; else, for a new product, the store's automatic
     * "Sem categoria", created the first time it is needed. An explicit {@code "categoriaId": null} counts as not
     * sent: ERPs send nulls for what they do not have.
     */
    private AlteracaoProduto comCategoria(Pedido pedido, boolean padrao, List<Escrita> escritas) {
        Optional<String> enviada = pedido.dados().categoriaId();
        if (enviada != null && enviada.isPresent()) {
            return pedido.dados();
        }
        String nome = pedido.categoriaNome();
        if (nome != null && nome.isBlank()) {
            throw ErroDeNegocio.invalido("categoria: informe o nome da categoria ou omita o campo");
        }
        if (nome == null && !padrao) {
            return comCategoriaId(pedido.dados(), null);
        }
        String nomeFinal = nome != null ? nome : SEM_CATEGORIA;
        categorias.travar(pedido.lojaId(), nomeFinal);
        Optional<String> existente = categorias.porNome(pedido.lojaId(), nomeFinal);
        String categoriaId;
        if (existente.isPresent()) {
            categoriaId = existente.get();
        } else {
            categoriaId = pedido.novaCategoriaId();
            long versao = comandos.sendAndWait(new CriarCategoriaCommand(categoriaId, pedido.lojaId(), nomeFinal, null,
                    null, true, pedido.agora()));
            escritas.add(new Escrita(ModeloLeitura.CATEGORIA, categoriaId, versao));
        }
        return comCategoriaId(pedido.dados(), categoriaId);
    }

    /** The change with this category, or with the category not sent at all when {@code categoriaId} is null. */
    private static AlteracaoProduto comCategoriaId(AlteracaoProduto a, String categoriaId) {
        return new AlteracaoProduto(a.nome(), a.descricao(), a.preco(), a.precoPromocional(), a.imagens(),
                a.codigoBarras(), a.sku(), a.referencia(), a.codIntegracao(), a.disponivel(), a.destaque(), a.ordem(),
                a.quantidadeEstoque(), a.estoqueMinimo(), a.unidade(), a.multiploVenda(), a.peso(), a.altura(),
                a.largura(), a.comprimento(), categoriaId == null ? null : Optional.of(categoriaId),
                a.gruposComplemento());
    }
}
