package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.produto.AlteracaoProduto;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * POST and PUT /produtos. A field absent is not changed (PUT) or takes its default (creation); an explicit null
 * clears a nullable field. Fields are Optional for that reason (null = absent), in a class, not a record, because
 * Jackson fills absent Optional record components with empty.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "CorpoDeProduto", description = "Na criação, nome e preco são obrigatórios. No PUT, todos opcionais; "
        + "só os enviados mudam, e null apaga os campos anuláveis.")
class CorpoDeProduto {

    @Schema(implementation = String.class, example = "Café torrado 500 g", maxLength = 200) Optional<String> nome;
    @Schema(implementation = String.class, nullable = true, maxLength = 5000) Optional<String> descricao;
    @Schema(implementation = BigDecimal.class, example = "24.9", minimum = "0") Optional<BigDecimal> preco;
    @Schema(implementation = BigDecimal.class, nullable = true, minimum = "0") Optional<BigDecimal> precoPromocional;
    @ArraySchema(schema = @Schema(implementation = String.class, format = "uri"),
            arraySchema = @Schema(description = "URLs http(s) de imagens PNG, JPEG, GIF ou WebP (até 10 MB cada, até "
                    + "20): são baixadas e hospedadas pelo serviço; [] ou null removem as imagens; omitido mantém"))
    Optional<List<String>> imagens;
    @Schema(implementation = String.class, nullable = true, maxLength = 50) Optional<String> codigoBarras;
    @Schema(implementation = String.class, nullable = true, maxLength = 100) Optional<String> sku;
    @Schema(implementation = String.class, nullable = true, maxLength = 80) Optional<String> referencia;
    @Schema(implementation = Long.class, nullable = true, example = "1001",
            description = "Código do produto no ERP; chave do modo upsert; null apaga") Optional<Long> codIntegracao;
    @Schema(implementation = Boolean.class, description = "Padrão true") Optional<Boolean> disponivel;
    @Schema(implementation = Boolean.class, description = "Padrão false") Optional<Boolean> destaque;
    @Schema(implementation = Integer.class, minimum = "-1000000", maximum = "1000000") Optional<Integer> ordem;
    @Schema(implementation = BigDecimal.class, description = "Com variações, o estoque do produto é a soma delas")
    Optional<BigDecimal> quantidadeEstoque;
    @Schema(implementation = BigDecimal.class) Optional<BigDecimal> estoqueMinimo;
    @Schema(implementation = String.class, nullable = true, maxLength = 10, example = "UN",
            description = "Guardada em maiúsculas; padrão PC na criação") Optional<String> unidade;
    @Schema(implementation = BigDecimal.class, nullable = true, minimum = "0",
            description = "No mínimo 0.001; padrão 1; null ou 0 voltam a 1") Optional<BigDecimal> multiploVenda;
    @Schema(implementation = BigDecimal.class, nullable = true, description = "Quilogramas") Optional<BigDecimal> peso;
    @Schema(implementation = BigDecimal.class, nullable = true, description = "Centímetros") Optional<BigDecimal> altura;
    @Schema(implementation = BigDecimal.class, nullable = true, description = "Centímetros") Optional<BigDecimal> largura;
    @Schema(implementation = BigDecimal.class, nullable = true, description = "Centímetros") Optional<BigDecimal> comprimento;
    @Schema(implementation = String.class, nullable = true, description = "Categoria da loja; tem prioridade sobre"
            + " categoria. No POST, null vale como não enviado; no PUT, null é recusado (400)")
    Optional<String> categoriaId;
    @Schema(implementation = String.class, example = "Bebidas", description = "Só no POST: categoria pelo nome (sem "
            + "diferenciar maiúsculas), reutilizada ou criada. Sem categoriaId nem categoria, o produto novo vai para "
            + "'Sem categoria'") Optional<String> categoria;
    @ArraySchema(schema = @Schema(implementation = String.class),
            arraySchema = @Schema(description = "Ids de grupos de complementos da loja (extensão)"))
    Optional<List<String>> gruposComplemento;
    @Schema(implementation = Boolean.class, description = "Só na criação; ignorado (com aviso) em atualizações")
    Optional<Boolean> controlaEstoque;
    @Schema(implementation = Boolean.class, description = "Só no POST: cria ou atualiza pelo codIntegracao")
    Optional<Boolean> upsert;
    @ArraySchema(schema = @Schema(implementation = CorpoDeVariacao.class),
            arraySchema = @Schema(description = "Só no POST: variações criadas com o produto ou, no upsert, casadas por "
                    + "codIntegracao ou sku e atualizadas ou criadas; nenhuma é removida"))
    Optional<List<CorpoDeVariacao>> variacoes;

    AlteracaoProduto alteracao(Optional<List<String>> imagensFinais) {
        return new AlteracaoProduto(nome, descricao, preco, precoPromocional, imagensFinais, codigoBarras, sku,
                referencia, codIntegracao, disponivel, destaque, ordem, quantidadeEstoque, estoqueMinimo, unidade,
                multiploVenda, peso, altura, largura, comprimento, categoriaId, gruposComplemento);
    }
}
